package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.PostgresServer;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Several scheduler nodes against one real PostgreSQL server. */
class PostgresSchedulerTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final WindowGate ALWAYS = (intent, now) -> GateDecision.runNow("no window");

  private static SchedulerOptions fast(String node) {
    return SchedulerOptions.defaults(node)
        .withPollingInterval(Duration.ofMillis(100))
        // 5 s of missed heartbeats before a node counts as dead: a loaded CI machine can stall a
        // JVM for a second, and a node declared dead while alive runs its restart twice. The
        // dead-node test moves its clock by 40 minutes, far past this.
        .withHeartbeat(Duration.ofMillis(100), 50)
        .withRetryDelay(Duration.ofMillis(100))
        .withShutdownMaxWait(Duration.ofSeconds(5));
  }

  private static RestartRequest web(String host, String group, int max, Instant due) {
    return new RestartRequest(
        new RestartTarget("web_server", host, "https-shop"),
        group,
        max,
        "MPSSHEAP",
        "run-1",
        due,
        Duration.ofMinutes(5));
  }

  @Test
  void twoNodesRunTwoHundredQueuedRestartsEachExactlyOnce() throws InterruptedException {
    String url = POSTGRES.newDatabase();
    Clock clock = Clock.systemUTC();
    StateStore nodeA = StateStore.open(url, clock, Map.of());
    StateStore nodeB = StateStore.open(url, clock, Map.of());
    RestartQueue queue = new RestartQueue(nodeA);
    Instant due = clock.instant().minusSeconds(1);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      ids.add(queue.enqueue(web("web" + i, "farm-" + (i % 20), 10, due)).intent().id());
    }
    RecordingRunner runner = new RecordingRunner(2, i -> RunOutcome.done("ok"));

    try (RestartScheduler a = new RestartScheduler(nodeA, ALWAYS, runner, fast("node-a"));
        RestartScheduler b = new RestartScheduler(nodeB, ALWAYS, runner, fast("node-b"))) {
      a.start();
      b.start();
      awaitTrue(
          () -> queue.list(java.util.Set.of(IntentStatus.DONE)).size() == 200,
          Duration.ofSeconds(60),
          () -> "done: " + queue.list(java.util.Set.of(IntentStatus.DONE)).size());
      Thread.sleep(300);
      long doneByNodes =
          java.util.stream.Stream.concat(a.handled().stream(), b.handled().stream())
              .filter(h -> h.status() == IntentStatus.DONE)
              .count();
      assertEquals(200, doneByNodes, "each ran by one node");
    }

    assertEquals(200, runner.totalRuns());
    for (String id : ids) {
      assertEquals(1, runner.runsOf(id), id);
    }
  }

  @Test
  void aGroupNeverRunsMoreThanItsMaxConcurrentRestarts() throws InterruptedException {
    String url = POSTGRES.newDatabase();
    Clock clock = Clock.systemUTC();
    StateStore nodeA = StateStore.open(url, clock, Map.of());
    StateStore nodeB = StateStore.open(url, clock, Map.of());
    RestartQueue queue = new RestartQueue(nodeA);
    Instant due = clock.instant().minusSeconds(1);
    for (int i = 0; i < 8; i++) {
      queue.enqueue(web("app" + i, "sap-prd-dialog", 2, due));
    }
    queue.enqueue(web("solo", "intranet", 1, due));
    RecordingRunner runner = new RecordingRunner(150, i -> RunOutcome.done("ok"));

    try (RestartScheduler a = new RestartScheduler(nodeA, ALWAYS, runner, fast("node-a"));
        RestartScheduler b = new RestartScheduler(nodeB, ALWAYS, runner, fast("node-b"))) {
      a.start();
      b.start();
      awaitTrue(
          () -> queue.list(java.util.Set.of(IntentStatus.DONE)).size() == 9,
          Duration.ofSeconds(30),
          () -> queue.list().toString());
    }

    assertEquals(9, runner.totalRuns());
    assertTrue(runner.peak("sap-prd-dialog") <= 2, "peak " + runner.peak("sap-prd-dialog"));
    assertTrue(runner.peak("sap-prd-dialog") >= 1);
  }

  /**
   * Node A dies in the middle of a restart (simulated: its runner blocks and its clock stops, so
   * its heartbeats go stale as seen by the live nodes). The live nodes revive the restart, but only
   * when their clock is inside the next window, and exactly one of them runs it.
   */
  @Test
  void aRestartOfADeadNodeIsRevivedOnlyInsideAWindowAndOnlyOnce() throws InterruptedException {
    Instant t0 = Instant.parse("2026-03-07T22:00:00Z");
    Instant nextWindow = t0.plus(Duration.ofHours(2));
    WindowGate windows =
        Windows.of(
            t0, t0.plus(Duration.ofMinutes(30)), nextWindow, nextWindow.plus(Duration.ofHours(1)));
    String url = POSTGRES.newDatabase();
    MutableClock deadClock = new MutableClock(t0);
    MutableClock liveClock = new MutableClock(t0);
    StateStore deadStore = StateStore.open(url, deadClock, Map.of());
    StateStore liveStore = StateStore.open(url, liveClock, Map.of());
    RestartQueue queue = new RestartQueue(liveStore);
    String id =
        queue
            .enqueue(
                new RestartRequest(
                    new io.pagetune.app.Wiring().restartKinds().target("sap_system", "app1", "PRD"),
                    "sap-prd",
                    1,
                    "SETENV_05",
                    "run-1",
                    t0,
                    Duration.ofMinutes(15)))
            .intent()
            .id();

    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RestartRunner dying =
        intent -> {
          started.countDown();
          awaitQuietly(release);
          return RunOutcome.done("finished by the node declared dead");
        };
    AtomicInteger liveRuns = new AtomicInteger();
    RestartRunner live =
        intent -> {
          liveRuns.incrementAndGet();
          return RunOutcome.done("disp+work uses 64K pages");
        };

    RestartScheduler dead = new RestartScheduler(deadStore, windows, dying, fast("node-a"));
    RestartScheduler b = new RestartScheduler(liveStore, windows, live, fast("node-b"));
    RestartScheduler c = new RestartScheduler(liveStore, windows, live, fast("node-c"));
    try {
      dead.start();
      assertTrue(started.await(20, TimeUnit.SECONDS), "node A started the restart");
      assertEquals(IntentStatus.RUNNING, queue.find(id).orElseThrow().status());
      b.start();
      c.start();

      // 40 minutes later the window is closed; node A's last heartbeat is 40 minutes old.
      liveClock.set(t0.plus(Duration.ofMinutes(40)));
      awaitTrue(
          () -> queue.find(id).orElseThrow().dueAt().equals(nextWindow),
          Duration.ofSeconds(20),
          () -> queue.find(id).toString());
      RestartIntent revived = queue.find(id).orElseThrow();
      assertEquals(IntentStatus.QUEUED, revived.status());
      assertTrue(revived.result().orElseThrow().contains("node-a"), revived.toString());
      Thread.sleep(1000);
      assertEquals(0, liveRuns.get(), "not revived outside the window");

      liveClock.set(nextWindow.plus(Duration.ofMinutes(1)));
      awaitTrue(
          () -> queue.find(id).orElseThrow().status() == IntentStatus.DONE,
          Duration.ofSeconds(20),
          () -> queue.find(id).toString());
      Thread.sleep(1000);
      assertEquals(1, liveRuns.get(), "revived exactly once");

      // The "dead" node wakes up and finishes: its claim is gone, the record stays the live one.
      release.countDown();
      awaitTrue(() -> !dead.handled().isEmpty(), Duration.ofSeconds(10), dead::toString);
      assertEquals(IntentStatus.RUNNING, dead.handled().get(0).status());
      RestartIntent done = queue.find(id).orElseThrow();
      assertEquals(IntentStatus.DONE, done.status());
      assertEquals("disp+work uses 64K pages", done.result().orElseThrow());
      assertEquals(2, done.attempts());
    } finally {
      release.countDown();
      dead.stop();
      b.stop();
      c.stop();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void awaitTrue(
      BooleanSupplier condition, Duration timeout, java.util.function.Supplier<String> state)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out; " + state.get());
      }
      Thread.sleep(50);
    }
  }
}
