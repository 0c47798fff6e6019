package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.HostLeases;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One {@code run-due} runs every restart due on a host, one after the other in the order they were
 * queued, with four threads free to pick them at once, and without waiting out the retry delay the
 * clock never reaches here; as long as the window is open (checked again before each).
 */
class RunDueOneHostInTurnTest {
  private static final Instant OPEN = Instant.parse("2026-03-07T22:00:00Z");
  private static final Instant CLOSE = Instant.parse("2026-03-08T02:00:00Z");
  private static final Instant NEXT_OPEN = Instant.parse("2026-03-14T22:00:00Z");
  private static final WindowGate WINDOW =
      Windows.of(OPEN, CLOSE, NEXT_OPEN, Instant.parse("2026-03-15T02:00:00Z"));

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(OPEN.plusSeconds(60));

  private static RestartRequest cluster(String id) {
    return new RestartRequest(
        new RestartTarget("postgres_cluster", "db1", id),
        "db",
        1,
        "huge_pages = on",
        "run-7",
        OPEN,
        Duration.ofMinutes(5));
  }

  /** Logs each restart's start and end; {@code during} runs while it restarts. */
  private static RestartRunner logging(List<String> events, Consumer<RestartIntent> during) {
    return intent -> {
      events.add("start " + intent.target().id());
      during.accept(intent);
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      events.add("end " + intent.target().id());
      return RunOutcome.done("restarted " + intent.target().id());
    };
  }

  /**
   * Four threads, so that nothing but the host keeps the restarts from running at once; leases on
   * the real clock, as pagetune takes them, so moving the window's clock does not age them.
   */
  private RestartScheduler scheduler(StateStore store, RestartRunner runner) {
    SchedulerOptions options =
        SchedulerOptions.defaults("cron-node")
            .withPollingInterval(Duration.ofMillis(50))
            .withThreads(4)
            .withShutdownMaxWait(Duration.ofSeconds(5));
    return new RestartScheduler(
        store, WINDOW, runner, options, new HostLeases(store, Clock.systemUTC()), "ops@sched1");
  }

  /** Queued a second apart, due alike: the queue's order is the order they were queued in. */
  private List<String> queueAll(RestartScheduler scheduler) {
    List<String> queued = new ArrayList<>();
    for (String id : List.of("main", "reports", "archive")) {
      queued.add(scheduler.queue().enqueue(cluster(id)).intent().id());
      clock.advance(Duration.ofSeconds(1));
    }
    return queued;
  }

  @Test
  void theHostsRestartsRunInQueueOrderNeverTwoAtOnce() {
    try (StateStore store = StateStore.open(dir.resolve("state.db").toString(), clock)) {
      List<String> events = new CopyOnWriteArrayList<>();
      RestartScheduler scheduler = scheduler(store, logging(events, intent -> {}));
      List<String> queued = queueAll(scheduler);

      List<HandledRestart> handled = scheduler.runDue();

      assertEquals(
          List.of(
              "start main",
              "end main",
              "start reports",
              "end reports",
              "start archive",
              "end archive"),
          events,
          handled::toString);
      for (String id : queued) {
        assertEquals(
            IntentStatus.DONE,
            scheduler.queue().find(id).orElseThrow().status(),
            handled::toString);
      }
      assertEquals(
          queued,
          handled.stream()
              .filter(h -> h.status() == IntentStatus.DONE)
              .map(HandledRestart::intentId)
              .toList());
    }
  }

  @Test
  void theRestartsAfterOneThatEndsAsTheWindowClosesWaitForTheNextOpening() {
    try (StateStore store = StateStore.open(dir.resolve("state.db").toString(), clock)) {
      List<String> events = new CopyOnWriteArrayList<>();
      RestartScheduler scheduler = scheduler(store, logging(events, intent -> clock.set(CLOSE)));
      List<String> queued = queueAll(scheduler);

      List<HandledRestart> handled = scheduler.runDue();

      assertEquals(List.of("start main", "end main"), events, handled::toString);
      assertEquals(IntentStatus.DONE, scheduler.queue().find(queued.get(0)).orElseThrow().status());
      for (String id : queued.subList(1, 3)) {
        RestartIntent waiting = scheduler.queue().find(id).orElseThrow();
        assertEquals(IntentStatus.QUEUED, waiting.status(), handled::toString);
        assertEquals(NEXT_OPEN, waiting.dueAt(), handled::toString);
      }
    }
  }
}
