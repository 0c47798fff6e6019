package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.Dialect;
import io.pagetune.state.PostgresServer;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RestartQueueTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Instant T0 = Instant.parse("2026-03-01T01:00:00Z");
  private static final Instant WINDOW = Instant.parse("2026-03-01T02:00:00Z");

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(T0);

  /** The kinds as the targets declare them: one SAP system restart per SID across hosts. */
  private static final RestartCatalog KINDS = new io.pagetune.app.Wiring().restartKinds();

  private RestartQueue queue(Dialect dialect) {
    return new RestartQueue(Stores.open(dialect, dir, POSTGRES, clock), KINDS);
  }

  private static RestartRequest request(RestartTarget target, String reason, Instant due) {
    return new RestartRequest(
        target, "g-" + target.host(), 1, reason, "run-1", due, Duration.ofMinutes(10));
  }

  private static RestartTarget sap(String host, String sid) {
    return KINDS.target("sap_system", host, sid);
  }

  private static RestartTarget web(String host, String instance) {
    return new RestartTarget("web_server", host, instance);
  }

  private static RestartTarget db(String host, String instance) {
    return KINDS.target("db_instance", host, instance);
  }

  private static RestartTarget reboot(String host) {
    return new RestartTarget(RestartTarget.REBOOT, host, null);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void oneSapRestartPerSidAcrossItsHosts(Dialect dialect) {
    RestartQueue queue = queue(dialect);
    EnqueueResult ascs =
        queue.enqueue(
            request(sap("ascs1", "PRD"), "SETENV_05 in ASCS profile", WINDOW.plusSeconds(600)));
    EnqueueResult dialog =
        queue.enqueue(request(sap("app1", "PRD"), "SETENV_05 in D00 profile", WINDOW));
    EnqueueResult again =
        queue.enqueue(request(sap("app1", "PRD"), "SETENV_05 in D00 profile", WINDOW));
    EnqueueResult other =
        queue.enqueue(request(sap("app1", "QAS"), "SETENV_05 in D01 profile", WINDOW));

    assertEquals(EnqueueResult.Disposition.NEW, ascs.disposition());
    assertEquals(EnqueueResult.Disposition.MERGED, dialog.disposition());
    assertEquals(EnqueueResult.Disposition.MERGED, again.disposition());
    assertEquals(EnqueueResult.Disposition.NEW, other.disposition());
    RestartIntent prd = queue.find(ascs.intent().id()).orElseThrow();
    assertEquals(List.of("ascs1", "app1"), prd.hosts());
    assertEquals(WINDOW, prd.dueAt(), "the earlier due time wins");
    assertEquals("SETENV_05 in ASCS profile; SETENV_05 in D00 profile", prd.reason());
    assertEquals(2, queue.list(Set.of(IntentStatus.QUEUED)).size());
    assertEquals(WINDOW, executionTime(queue, prd.id()).orElseThrow(), "the execution moved too");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void webServerAndDatabaseRestartsAreOnePerHostAndInstance(Dialect dialect) {
    RestartQueue queue = queue(dialect);
    String a = queue.enqueue(request(web("web1", "https-shop"), "MPSSHEAP", WINDOW)).intent().id();
    String b =
        queue.enqueue(request(web("web1", "https-shop"), "LD_PRELOAD", WINDOW)).intent().id();
    String c = queue.enqueue(request(web("web1", "https-admin"), "MPSSHEAP", WINDOW)).intent().id();
    String d = queue.enqueue(request(web("web2", "https-shop"), "MPSSHEAP", WINDOW)).intent().id();
    String e = queue.enqueue(request(db("db1", "ORCL"), "nr_hugepages", WINDOW)).intent().id();
    String f = queue.enqueue(request(db("db1", "ORCL"), "memlock", WINDOW)).intent().id();
    String g = queue.enqueue(request(db("db2", "ORCL"), "nr_hugepages", WINDOW)).intent().id();

    assertEquals(a, b);
    assertEquals(e, f);
    assertEquals(5, Set.of(a, c, d, e, g).size());
    assertEquals(5, queue.list().size());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aRebootSupersedesTheQueuedRestartsOfItsHostOnly(Dialect dialect) {
    RestartQueue queue = queue(dialect);
    String web1 =
        queue.enqueue(request(web("web1", "https-shop"), "MPSSHEAP", WINDOW)).intent().id();
    String dbOnHost =
        queue.enqueue(request(db("web1", "CACHE"), "hugepages", WINDOW)).intent().id();
    String web2 =
        queue.enqueue(request(web("web2", "https-shop"), "MPSSHEAP", WINDOW)).intent().id();
    String sapBoth = queue.enqueue(request(sap("web1", "PRD"), "profile", WINDOW)).intent().id();
    queue.enqueue(request(sap("app9", "PRD"), "profile", WINDOW));

    EnqueueResult boot = queue.enqueue(request(reboot("web1"), "kernel parameter", WINDOW));

    assertEquals(EnqueueResult.Disposition.NEW, boot.disposition());
    assertEquals(Set.of(web1, dbOnHost), Set.copyOf(boot.superseded()));
    RestartIntent superseded = queue.find(web1).orElseThrow();
    assertEquals(IntentStatus.SUPERSEDED, superseded.status());
    assertTrue(superseded.result().orElseThrow().contains("reboot of web1"));
    assertEquals(Optional.empty(), executionTime(queue, web1), "its execution is gone");
    assertEquals(IntentStatus.QUEUED, queue.find(web2).orElseThrow().status());
    RestartIntent sapRest = queue.find(sapBoth).orElseThrow();
    assertEquals(IntentStatus.QUEUED, sapRest.status(), "the SAP system still needs app9");
    assertEquals(List.of("app9"), sapRest.hosts());
    assertEquals("app9", sapRest.target().host());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aQueuedRebootAbsorbsLaterRequestsForItsHost(Dialect dialect) {
    RestartQueue queue = queue(dialect);
    String boot =
        queue.enqueue(request(reboot("db1"), "THP policy", WINDOW.plusSeconds(60))).intent().id();

    EnqueueResult dbRestart = queue.enqueue(request(db("db1", "ORCL"), "nr_hugepages", WINDOW));
    EnqueueResult secondBoot = queue.enqueue(request(reboot("db1"), "grub", WINDOW));
    EnqueueResult elsewhere = queue.enqueue(request(db("db2", "ORCL"), "nr_hugepages", WINDOW));

    assertEquals(EnqueueResult.Disposition.ABSORBED, dbRestart.disposition());
    assertEquals(boot, dbRestart.intent().id());
    assertEquals(EnqueueResult.Disposition.MERGED, secondBoot.disposition());
    assertEquals(boot, secondBoot.intent().id());
    assertEquals(EnqueueResult.Disposition.NEW, elsewhere.disposition());
    RestartIntent merged = queue.find(boot).orElseThrow();
    assertEquals("THP policy; nr_hugepages; grub", merged.reason());
    assertEquals(WINDOW, merged.dueAt());
    assertEquals(List.of("db1"), merged.hosts());
    assertEquals(2, queue.list().size());
  }

  @Test
  void aRunningRestartDoesNotTakeNewRequests() {
    RestartQueue queue = queue(Dialect.SQLITE);
    String first = queue.enqueue(request(web("web1", "https-shop"), "MPSSHEAP", T0)).intent().id();
    assertEquals(ClaimResult.Kind.CLAIMED, claims(queue).claim(first, "node-a#2").kind());

    EnqueueResult later = queue.enqueue(request(web("web1", "https-shop"), "changed again", T0));

    assertEquals(EnqueueResult.Disposition.NEW, later.disposition());
    assertNotEquals(first, later.intent().id());
  }

  @Test
  void cancelOnlyTouchesQueuedIntentsAndRemovesTheirExecution() {
    RestartQueue queue = queue(Dialect.SQLITE);
    String a = queue.enqueue(request(web("web1", "https-shop"), "MPSSHEAP", WINDOW)).intent().id();
    String b = queue.enqueue(request(web("web2", "https-shop"), "MPSSHEAP", WINDOW)).intent().id();
    claims(queue).claim(b, "node-a#2");

    assertTrue(queue.cancel(a, "change CHG0030001 withdrawn"));
    assertFalse(queue.cancel(a, "twice"));
    assertFalse(queue.cancel(b, "running"));
    assertFalse(queue.cancel("no-such-id", "x"));
    RestartIntent cancelled = queue.find(a).orElseThrow();
    assertEquals(IntentStatus.CANCELLED, cancelled.status());
    assertEquals(Optional.of("change CHG0030001 withdrawn"), cancelled.result());
    assertEquals(Optional.empty(), executionTime(queue, a));
    assertEquals(IntentStatus.RUNNING, queue.find(b).orElseThrow().status());
  }

  @Test
  void dueListsQueuedIntentsWhoseTimeHasCome() {
    RestartQueue queue = queue(Dialect.SQLITE);
    String now = queue.enqueue(request(web("web1", "a"), "r", T0)).intent().id();
    String later = queue.enqueue(request(web("web2", "a"), "r", WINDOW)).intent().id();
    String cancelled = queue.enqueue(request(web("web3", "a"), "r", T0)).intent().id();
    queue.cancel(cancelled, "no");

    assertEquals(List.of(now), queue.due(T0).stream().map(RestartIntent::id).toList());
    assertEquals(List.of(now, later), queue.due(WINDOW).stream().map(RestartIntent::id).toList());
    assertEquals(
        List.of(cancelled),
        queue.list(EnumSet.of(IntentStatus.CANCELLED)).stream().map(RestartIntent::id).toList());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void intentsAreFoundByTheFirstCharactersOfTheirId(Dialect dialect) {
    RestartQueue queue = queue(dialect);
    String id = queue.enqueue(request(web("web1", "a"), "r", T0)).intent().id();

    assertEquals(
        List.of(id),
        queue.findByPrefix(id.substring(0, 8)).stream().map(RestartIntent::id).toList());
    assertEquals(List.of(), queue.findByPrefix("%"));
    assertEquals(List.of(), queue.findByPrefix(""));
  }

  @Test
  void theQueueSurvivesAProcessRestart() {
    Path file = dir.resolve("state.db");
    StateStore first = StateStore.open(file.toString(), clock);
    RestartQueue queue = new RestartQueue(first, KINDS);
    String id = queue.enqueue(request(sap("app1", "PRD"), "SETENV_05", WINDOW)).intent().id();
    queue.enqueue(request(sap("ascs1", "PRD"), "SETENV_05", WINDOW));
    first.close();

    RestartQueue reopened = new RestartQueue(StateStore.open(file.toString(), clock), KINDS);

    RestartIntent intent = reopened.find(id).orElseThrow();
    assertEquals(IntentStatus.QUEUED, intent.status());
    assertEquals(List.of("app1", "ascs1"), intent.hosts());
    assertEquals(Duration.ofMinutes(10), intent.expectedDuration());
    assertEquals(T0, intent.createdAt());
    assertEquals(WINDOW, executionTime(reopened, id).orElseThrow());
  }

  @Test
  void claimsRespectTheGroupLimitAndOnlyTheHolderFinishes() {
    RestartQueue queue = queue(Dialect.SQLITE);
    RestartRequest base = request(web("web1", "a"), "r", T0);
    String a = queue.enqueue(base).intent().id();
    String b =
        queue
            .enqueue(
                new RestartRequest(
                    web("web2", "a"), base.group(), 1, "r", "run-1", T0, Duration.ofMinutes(5)))
            .intent()
            .id();

    assertEquals(ClaimResult.Kind.CLAIMED, claims(queue).claim(a, "n1#2").kind());
    assertEquals(ClaimResult.Kind.NOT_QUEUED, claims(queue).claim(a, "n2#2").kind());
    assertEquals(ClaimResult.Kind.GROUP_BUSY, claims(queue).claim(b, "n2#2").kind());
    assertFalse(claims(queue).finish(a, "n2#2", IntentStatus.DONE, "not mine", ""));
    assertTrue(claims(queue).finish(a, "n1#2", IntentStatus.DONE, "verified", ""));
    assertEquals(ClaimResult.Kind.CLAIMED, claims(queue).claim(b, "n2#2").kind());
  }

  private static Optional<Instant> executionTime(RestartQueue queue, String id) {
    StateStore store = storeOf(queue);
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT execution_time FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?")) {
            ps.setString(1, RestartExecutions.TASK_NAME);
            ps.setString(2, id);
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next() ? Optional.of(rs.getTimestamp(1).toInstant()) : Optional.empty();
            }
          }
        });
  }

  private static IntentClaims claims(RestartQueue queue) {
    return new IntentClaims(queue.store(), queue.kinds());
  }

  private static StateStore storeOf(RestartQueue queue) {
    return queue.store();
  }

  static long count(StateStore store, String sql) throws SQLException {
    try (Connection c = store.dataSource().getConnection();
        ResultSet rs = c.createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
