package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.Journal;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pagetune schedule run-due} on an SQLite store. */
class RunDueTest {
  private static final Instant OPEN = Instant.parse("2026-03-07T22:00:00Z");
  private static final Instant CLOSE = Instant.parse("2026-03-08T02:00:00Z");
  private static final Instant NEXT_OPEN = Instant.parse("2026-03-14T22:00:00Z");
  private static final Instant NEXT_CLOSE = Instant.parse("2026-03-15T02:00:00Z");
  private static final WindowGate WEEKEND = Windows.of(OPEN, CLOSE, NEXT_OPEN, NEXT_CLOSE);

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(OPEN.plusSeconds(60));

  private StateStore store() {
    return StateStore.open(dir.resolve("state.db").toString(), clock);
  }

  private static SchedulerOptions options() {
    return SchedulerOptions.defaults("cron-node")
        .withPollingInterval(Duration.ofMillis(50))
        .withRetryDelay(Duration.ofMinutes(5))
        .withShutdownMaxWait(Duration.ofSeconds(5));
  }

  private static RestartRequest web(String host, String group, Instant due) {
    return new RestartRequest(
        new RestartTarget("web_server", host, "https-shop"),
        group,
        1,
        "MPSSHEAP=256M in startserv",
        "run-7",
        due,
        Duration.ofMinutes(5));
  }

  @Test
  void runsTheDueRestartsOnceAndLeavesTheRest() {
    StateStore store = store();
    RecordingRunner runner = RecordingRunner.verifying();
    RestartScheduler scheduler = new RestartScheduler(store, WEEKEND, runner, options());
    RestartQueue queue = scheduler.queue();
    String a = queue.enqueue(web("web1", "shop-a", OPEN)).intent().id();
    String b = queue.enqueue(web("web2", "shop-b", OPEN)).intent().id();
    String later = queue.enqueue(web("web3", "shop-c", NEXT_OPEN)).intent().id();
    Journal journal = store.journal();
    journal.runs().start("run-7", "solaris-mpss.yml", "alice", false);
    for (String host : List.of("web1", "web3")) {
      journal
          .writes()
          .recordApplied(
              "run-7",
              host,
              "mpss",
              "/opt/ws/https-shop/bin/startserv",
              "a".repeat(64),
              "b".repeat(64),
              null,
              OPEN,
              EffectiveState.PENDING);
    }

    List<HandledRestart> report = scheduler.runDue();

    assertEquals(
        Set.of(a, b), report.stream().map(HandledRestart::intentId).collect(Collectors.toSet()));
    assertTrue(report.stream().allMatch(h -> h.status() == IntentStatus.DONE), report::toString);
    assertEquals(1, runner.runsOf(a));
    assertEquals(1, runner.runsOf(b));
    assertEquals(0, runner.runsOf(later));
    RestartIntent done = queue.find(a).orElseThrow();
    assertEquals(IntentStatus.DONE, done.status());
    assertEquals(Optional.of("pages verified on web1"), done.result());
    assertEquals(1, done.attempts());
    assertEquals(IntentStatus.QUEUED, queue.find(later).orElseThrow().status());
    assertEquals(
        List.of(),
        journal.history().pendingRestart("web1"),
        "the restart made web1's change effective");
    assertEquals(
        Optional.of("pages verified on web1"),
        journal.history().ofRun("run-7").get(0).effectiveDetail());
    assertEquals(1, journal.history().pendingRestart("web3").size());

    assertEquals(List.of(), scheduler.runDue(), "nothing is due twice");
    assertEquals(2, runner.totalRuns());
  }

  @Test
  void anIntentDueOutsideItsWindowWaitsForTheNextOpening() {
    StateStore store = store();
    RecordingRunner runner = RecordingRunner.verifying();
    RestartScheduler scheduler = new RestartScheduler(store, WEEKEND, runner, options());
    // due by the queue, but the window closed before cron came around
    String id = scheduler.queue().enqueue(web("web1", "shop", OPEN)).intent().id();
    clock.set(CLOSE.plusSeconds(3600));

    List<HandledRestart> first = scheduler.runDue();

    assertEquals(0, runner.totalRuns(), "never late: nothing runs outside the window");
    assertEquals(IntentStatus.QUEUED, first.get(0).status());
    RestartIntent waiting = scheduler.queue().find(id).orElseThrow();
    assertEquals(NEXT_OPEN, waiting.dueAt());
    assertTrue(waiting.result().orElseThrow().contains("waiting for the window"));

    clock.set(NEXT_OPEN.plusSeconds(5));
    List<HandledRestart> second = scheduler.runDue();

    assertEquals(
        List.of(new HandledRestart(id, IntentStatus.DONE, "pages verified on web1")), second);
    assertEquals(1, runner.runsOf(id));
  }

  @Test
  void aStoppedGateCancelsTheRestart() {
    StateStore store = store();
    RecordingRunner runner = RecordingRunner.verifying();
    WindowGate cancelledChange = (intent, now) -> GateDecision.stop("CHG0040012 is Canceled");
    RestartScheduler scheduler = new RestartScheduler(store, cancelledChange, runner, options());
    String id = scheduler.queue().enqueue(web("web1", "shop", OPEN)).intent().id();

    scheduler.runDue();

    RestartIntent intent = scheduler.queue().find(id).orElseThrow();
    assertEquals(IntentStatus.CANCELLED, intent.status());
    assertEquals(Optional.of("CHG0040012 is Canceled"), intent.result());
    assertEquals(0, runner.totalRuns());
  }

  @Test
  void aFailedVerificationStopsTheRestOfTheGroup() {
    StateStore store = store();
    RecordingRunner runner =
        new RecordingRunner(
            20, i -> RunOutcome.failed("pmap shows 8K heap pages on " + i.target().host()));
    RestartScheduler scheduler = new RestartScheduler(store, WEEKEND, runner, options());
    RestartQueue queue = scheduler.queue();
    List<String> group =
        List.of("web1", "web2", "web3").stream()
            .map(h -> queue.enqueue(web(h, "shop-farm", OPEN)).intent().id())
            .toList();
    String otherGroup = queue.enqueue(web("web9", "intranet", OPEN)).intent().id();

    scheduler.runDue();

    assertEquals(1, group.stream().mapToInt(runner::runsOf).sum(), "only the first restart ran");
    List<RestartIntent> intents = group.stream().map(id -> queue.find(id).orElseThrow()).toList();
    assertEquals(1, intents.stream().filter(i -> i.status() == IntentStatus.FAILED).count());
    List<RestartIntent> blocked =
        intents.stream().filter(i -> i.status() == IntentStatus.BLOCKED).toList();
    assertEquals(2, blocked.size(), intents::toString);
    assertTrue(blocked.get(0).result().orElseThrow().contains("pmap shows 8K heap pages"));
    assertEquals(1, runner.runsOf(otherGroup), "other groups go on");
    assertEquals(IntentStatus.FAILED, queue.find(otherGroup).orElseThrow().status());
  }

  @Test
  void alreadyEffectiveChangesAreSkippedAndRunnerExceptionsFail() {
    StateStore store = store();
    RestartRunner runner =
        intent -> {
          if (intent.target().host().equals("web1")) {
            return RunOutcome.skipped("startserv already has MPSSHEAP and the heap uses 256M");
          }
          throw new IllegalStateException("ssh dropped");
        };
    RestartScheduler scheduler = new RestartScheduler(store, WEEKEND, runner, options());
    String skipped = scheduler.queue().enqueue(web("web1", "a", OPEN)).intent().id();
    String failed = scheduler.queue().enqueue(web("web2", "b", OPEN)).intent().id();

    scheduler.runDue();

    assertEquals(IntentStatus.SKIPPED, scheduler.queue().find(skipped).orElseThrow().status());
    RestartIntent f = scheduler.queue().find(failed).orElseThrow();
    assertEquals(IntentStatus.FAILED, f.status());
    assertTrue(f.result().orElseThrow().contains("ssh dropped"));
  }

  @Test
  void intentsQueuedBeforeAProcessRestartRunAfterIt() {
    StateStore before = store();
    String id = new RestartQueue(before).enqueue(web("web1", "shop", OPEN)).intent().id();
    before.close();

    RecordingRunner runner = RecordingRunner.verifying();
    RestartScheduler scheduler = new RestartScheduler(store(), WEEKEND, runner, options());
    scheduler.runDue();

    assertEquals(1, runner.runsOf(id));
    assertEquals(IntentStatus.DONE, scheduler.queue().find(id).orElseThrow().status());
  }
}
