package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.HostLeases;
import io.pagetune.state.LeaseAttempt;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Restarts and runs never overlap on a host: a restart waits while a run holds one of its hosts,
 * and holds its hosts while it runs so that a run finds them locked.
 */
class RestartHostLeasesTest {
  private static final Instant OPEN = Instant.parse("2026-03-07T22:00:00Z");
  private static final Instant CLOSE = Instant.parse("2026-03-08T02:00:00Z");
  private static final WindowGate WINDOW =
      Windows.of(
          OPEN,
          CLOSE,
          Instant.parse("2026-03-14T22:00:00Z"),
          Instant.parse("2026-03-15T02:00:00Z"));

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(OPEN.plusSeconds(60));

  private StateStore store() {
    return StateStore.open(dir.resolve("state.db").toString(), clock);
  }

  private static SchedulerOptions options() {
    return SchedulerOptions.defaults("cron-node")
        .withPollingInterval(Duration.ofMillis(50))
        .withRetryDelay(Duration.ofMinutes(2))
        .withShutdownMaxWait(Duration.ofSeconds(5));
  }

  private static RestartRequest web(String host) {
    return new RestartRequest(
        new RestartTarget("web_server", host, "https-shop"),
        "shop",
        1,
        "MPSSHEAP=256M in startserv",
        "run-7",
        OPEN,
        Duration.ofMinutes(5));
  }

  @Test
  void aRestartWaitsWhileARunHoldsItsHostAndRunsOnceTheHostIsFree() {
    StateStore store = store();
    HostLeases leases = new HostLeases(store, clock);
    RecordingRunner runner = RecordingRunner.verifying();
    RestartScheduler scheduler =
        new RestartScheduler(store, WINDOW, runner, options(), leases, "ops@sched1");
    String id = scheduler.queue().enqueue(web("web1")).intent().id();
    leases.acquire("web1", "run r1", "alice@ctl1");

    List<HandledRestart> busy = scheduler.runDue();

    assertEquals(0, runner.totalRuns());
    assertEquals(1, busy.size(), busy.toString());
    assertEquals(IntentStatus.QUEUED, busy.get(0).status());
    assertEquals(
        "waiting for web1: locked by run r1 (alice@ctl1, since 2026-03-07T22:01:00Z)",
        busy.get(0).detail());
    RestartIntent waiting = scheduler.queue().find(id).orElseThrow();
    assertEquals(IntentStatus.QUEUED, waiting.status());
    assertEquals(clock.instant().plus(Duration.ofMinutes(2)), waiting.dueAt());

    leases.releaseAll("run r1");
    clock.advance(Duration.ofMinutes(3));
    List<HandledRestart> free = scheduler.runDue();

    assertEquals(1, runner.runsOf(id), free.toString());
    assertEquals(IntentStatus.DONE, scheduler.queue().find(id).orElseThrow().status());
    assertEquals(List.of(), leases.list());
  }

  @Test
  void aRunningRestartHoldsItsHostSoARunFindsItLocked() {
    StateStore store = store();
    HostLeases leases = new HostLeases(store, clock);
    AtomicReference<LeaseAttempt> runDuringRestart = new AtomicReference<>();
    RecordingRunner runner =
        new RecordingRunner(
            0,
            intent -> {
              runDuringRestart.set(leases.acquire("web1", "run r2", "bob@ctl2"));
              return RunOutcome.done("restarted");
            });
    RestartScheduler scheduler =
        new RestartScheduler(store, WINDOW, runner, options(), leases, "ops@sched1");
    String id = scheduler.queue().enqueue(web("web1")).intent().id();

    scheduler.runDue();

    assertEquals(1, runner.runsOf(id));
    LeaseAttempt.Refused refused =
        assertInstanceOf(LeaseAttempt.Refused.class, runDuringRestart.get());
    assertEquals("restart " + id, refused.holder().owner());
    assertTrue(
        refused.holder().lockedLine().startsWith("locked by restart " + id + " (ops@sched1, since"),
        refused.holder().lockedLine());
    // the restart gave the host back when it was recorded
    assertEquals(Optional.empty(), leases.holder("web1"));
  }
}
