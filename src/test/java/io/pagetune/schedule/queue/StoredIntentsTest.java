package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.Dialect;
import io.pagetune.state.PostgresServer;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Restart intents users already have queued load and run: the rows are written with SQL exactly as
 * the queue writes them today (kind upper-case, the dedup key, the db-scheduler execution), not
 * through the queue, so a change to how kinds are named cannot pass unnoticed.
 */
class StoredIntentsTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Instant OPEN = Instant.parse("2026-03-07T22:00:00Z");
  private static final Instant CLOSE = Instant.parse("2026-03-08T02:00:00Z");

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(OPEN.plusSeconds(60));

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aQueuedSystemRestartOfTodaysFormatLoadsAndRuns(Dialect dialect) {
    StateStore store = Stores.open(dialect, dir, POSTGRES, clock);
    insert(store, "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "SAP_SYSTEM", "NWP", "SAP_SYSTEM:NWP");
    insert(
        store,
        "6fa459ea-ee8a-3ca4-894e-db77e160355e",
        "WEB_SERVER",
        "https-shop",
        "WEB_SERVER:web1:https-shop");
    List<RestartIntent> ran = new CopyOnWriteArrayList<>();
    RecordingRunner runner =
        new RecordingRunner(
            0,
            i -> {
              ran.add(i);
              return RunOutcome.done("verified");
            });
    RestartScheduler scheduler =
        new RestartScheduler(
            new RestartQueue(store, new io.pagetune.app.Wiring().restartKinds()),
            Windows.of(OPEN, CLOSE),
            runner,
            SchedulerOptions.defaults("cron-node")
                .withPollingInterval(Duration.ofMillis(50))
                .withShutdownMaxWait(Duration.ofSeconds(5)));

    List<HandledRestart> report = scheduler.runDue();

    assertEquals(2, ran.size(), report.toString());
    RestartIntent sap =
        ran.stream().filter(i -> i.target().kind().equals("sap_system")).findFirst().orElseThrow();
    assertEquals("NWP", sap.target().id());
    assertEquals(RestartTarget.Scope.SYSTEM, sap.target().scope());
    assertEquals("SAP_SYSTEM:NWP", sap.key());
    assertEquals(List.of("app1", "app2"), sap.hosts());
    assertEquals("SAP system NWP on app1, app2", sap.describe());
    RestartIntent web =
        ran.stream().filter(i -> i.target().kind().equals("web_server")).findFirst().orElseThrow();
    assertEquals(RestartTarget.Scope.INSTANCE, web.target().scope());
    assertEquals("web server https-shop", web.describe());
    for (RestartIntent i : scheduler.queue().list()) {
      assertEquals(IntentStatus.DONE, i.status(), i.describe());
      assertEquals(1, runner.runsOf(i.id()), i.describe());
    }
  }

  /** One queued intent and its execution, as {@code RestartQueue.enqueue} stores them today. */
  private void insert(StateStore store, String id, String kind, String targetId, String key) {
    boolean web = kind.equals("WEB_SERVER");
    String host = web ? "web1" : "app1";
    long now = clock.millis();
    store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO restart_groups (name, max_concurrent) VALUES (?, 1)"
                      + " ON CONFLICT (name) DO NOTHING")) {
            ps.setString(1, "g-" + host);
            ps.executeUpdate();
          }
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO restart_intents (id, kind, host, target_id, target_key, hosts,"
                      + " group_name, reason, run_id, created_at, due_at, expected_duration_ms,"
                      + " status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, id);
            ps.setString(2, kind);
            ps.setString(3, host);
            ps.setString(4, targetId);
            ps.setString(5, key);
            ps.setString(6, web ? "web1" : "app1,app2");
            ps.setString(7, "g-" + host);
            ps.setString(8, "queued by an earlier version");
            ps.setString(9, "run-1");
            ps.setLong(10, now);
            ps.setLong(11, OPEN.toEpochMilli());
            ps.setLong(12, Duration.ofMinutes(30).toMillis());
            ps.setString(13, "QUEUED");
            ps.setLong(14, now);
            ps.executeUpdate();
          }
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO scheduled_tasks (task_name, task_instance, task_data,"
                      + " execution_time, picked, picked_by, consecutive_failures, version,"
                      + " priority) VALUES ('pagetune-restart', ?, NULL, ?, ?, NULL, 0, 1, 0)")) {
            ps.setString(1, id);
            ps.setTimestamp(2, Timestamp.from(OPEN));
            ps.setBoolean(3, false);
            return ps.executeUpdate();
          }
        });
  }
}
