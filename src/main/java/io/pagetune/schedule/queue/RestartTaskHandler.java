package io.pagetune.schedule.queue;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.CustomTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.HostLease;
import io.pagetune.state.HostLeases;
import io.pagetune.state.Journal;
import io.pagetune.state.LeaseSession;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What the {@value RestartExecutions#TASK_NAME} db-scheduler task does with one execution: re-check
 * the window, claim the intent, run it, record the outcome; and how a dead execution is revived
 * (only inside a window, never twice).
 */
final class RestartTaskHandler {
  /** A gate that answers "wait until now" must not make the execution spin. */
  private static final Duration MINIMUM_WAIT = Duration.ofSeconds(1);

  /** The lease owner a restart writes, followed by its intent id. */
  private static final String RESTART_OWNER = "restart ";

  /** Due first, then queued first; the id only breaks ties. */
  private static final Comparator<RestartIntent> QUEUE_ORDER =
      Comparator.comparing(RestartIntent::dueAt)
          .thenComparing(RestartIntent::createdAt)
          .thenComparing(RestartIntent::id);

  private final RestartQueue queue;
  private final IntentClaims claims;
  private final IntentPostponements postponements;
  private final Journal journal;
  private final WindowGate gate;
  private final RestartRunner runner;
  private final Clock clock;
  private final Duration retryDelay;
  private final HostLeases leases;
  private final String holder;

  /**
   * @param leases the hosts' leases: a restart holds its hosts while it runs, and waits while a run
   *     (or another restart) holds one of them
   * @param holder user@node of this scheduler, for the message a run sees
   */
  RestartTaskHandler(
      RestartQueue queue,
      WindowGate gate,
      RestartRunner runner,
      Clock clock,
      Duration retryDelay,
      HostLeases leases,
      String holder) {
    this.leases = leases;
    this.holder = holder;
    this.queue = queue;
    this.claims = new IntentClaims(queue.store(), queue.kinds());
    this.postponements = new IntentPostponements(queue.store());
    this.journal = queue.store().journal();
    this.gate = gate;
    this.runner = runner;
    this.clock = clock;
    this.retryDelay = retryDelay;
  }

  /**
   * A task whose handled executions go to {@code sink}; a restart postponed because another restart
   * holds or comes first on one of its hosts is told to {@code waits} (its id, then the other's),
   * so a {@code run-due} can run it as soon as that one is recorded.
   */
  CustomTask<Void> task(Consumer<HandledRestart> sink, BiConsumer<String, String> waits) {
    return Tasks.custom(RestartExecutions.TASK_NAME, Void.class)
        .onFailure(this::retryLater)
        .onDeadExecution(this::revive)
        .execute((instance, context) -> execute(instance, context, sink, waits));
  }

  /** The claim token ties a RUNNING intent to one pick of its execution. */
  static String tokenOf(Execution execution) {
    return tokenOf(execution.pickedBy, execution.version);
  }

  static String tokenOf(String pickedBy, long version) {
    return pickedBy + "#" + version;
  }

  private CompletionHandler<Void> execute(
      TaskInstance<Void> instance,
      ExecutionContext context,
      Consumer<HandledRestart> sink,
      BiConsumer<String, String> waits) {
    String id = instance.getId();
    Optional<RestartIntent> found = queue.find(id);
    if (found.isEmpty() || found.get().status() != IntentStatus.QUEUED) {
      return remove();
    }
    RestartIntent intent = found.get();
    Instant now = clock.instant();
    GateDecision decision = gate.decide(intent, now);
    if (decision.kind() == GateDecision.Kind.STOP) {
      if (queue.settle(id, IntentStatus.CANCELLED, decision.reason())) {
        sink.accept(new HandledRestart(id, IntentStatus.CANCELLED, decision.reason()));
      }
      return remove();
    }
    if (decision.kind() == GateDecision.Kind.WAIT_UNTIL) {
      Instant until = notBefore(decision.until().orElseThrow(), now);
      String note = "waiting for the window at " + until + ": " + decision.reason();
      postponements.postpone(id, until, note);
      sink.accept(new HandledRestart(id, IntentStatus.QUEUED, note));
      return rescheduleTo(until);
    }
    // Restarts due on one host run in queue order, whichever execution is picked first.
    Optional<RestartIntent> before = earlierOnItsHosts(intent, now);
    if (before.isPresent()) {
      waits.accept(id, before.get().id());
      return waitForHost(
          id,
          sink,
          now,
          "waiting for "
              + String.join(",", before.get().hosts())
              + ": the restart of "
              + before.get().describe()
              + " is queued before it");
    }
    // A restart never runs on a host a run is changing, and no run writes to a host while it
    // restarts: it holds the leases of all its hosts from before the claim until it is recorded.
    try (LeaseSession hostsHeld = new LeaseSession(leases, RESTART_OWNER + id, holder)) {
      Optional<HostLease> busy = hostsHeld.acquireAll(intent.hosts());
      if (busy.isPresent()) {
        String owner = busy.get().owner();
        if (owner.startsWith(RESTART_OWNER)) {
          waits.accept(id, owner.substring(RESTART_OWNER.length()));
        }
        return waitForHost(
            id, sink, now, "waiting for " + busy.get().host() + ": " + busy.get().lockedLine());
      }
      return claimAndRun(id, intent, context, sink, now);
    }
  }

  /** Postponed by the retry delay: a run-due that ran what it waited for runs it sooner. */
  private CompletionHandler<Void> waitForHost(
      String id, Consumer<HandledRestart> sink, Instant now, String note) {
    Instant until = now.plus(retryDelay);
    postponements.postpone(id, until, note);
    sink.accept(new HandledRestart(id, IntentStatus.QUEUED, note));
    return rescheduleTo(until);
  }

  /** The first due restart queued before {@code intent} that shares one of its hosts. */
  private Optional<RestartIntent> earlierOnItsHosts(RestartIntent intent, Instant now) {
    return queue.due(now).stream()
        .filter(other -> !other.id().equals(intent.id()))
        .filter(other -> other.hosts().stream().anyMatch(intent.hosts()::contains))
        .filter(other -> QUEUE_ORDER.compare(other, intent) < 0)
        .min(QUEUE_ORDER);
  }

  private CompletionHandler<Void> claimAndRun(
      String id,
      RestartIntent intent,
      ExecutionContext context,
      Consumer<HandledRestart> sink,
      Instant now) {
    String token = tokenOf(context.getExecution());
    ClaimResult claim = claims.claim(id, token);
    if (claim.kind() == ClaimResult.Kind.NOT_QUEUED) {
      return remove();
    }
    if (claim.kind() == ClaimResult.Kind.GROUP_BUSY) {
      Instant until = now.plus(retryDelay);
      String note = "group " + intent.group() + " is at its pagetune_max_concurrent_restarts";
      postponements.postpone(id, until, note);
      sink.accept(new HandledRestart(id, IntentStatus.QUEUED, note));
      return rescheduleTo(until);
    }
    RestartIntent claimed = claim.intent().orElseThrow();
    RunOutcome outcome = runGuarded(claimed);
    IntentStatus status = outcome.intentStatus();
    String blockReason =
        "stopped because the restart of " + claimed.describe() + " failed: " + outcome.detail();
    if (!claims.finish(id, token, status, outcome.detail(), blockReason)) {
      // This node was declared dead meanwhile and the restart was revived elsewhere: the
      // revived run owns the intent now.
      sink.accept(
          new HandledRestart(
              id, IntentStatus.RUNNING, "claim lost while running: " + outcome.detail()));
      return remove();
    }
    if (status == IntentStatus.DONE || status == IntentStatus.SKIPPED) {
      // Changes persisted before this restart began are now in use (a failed restart leaves
      // them pending: the next run queues the restart again).
      Instant restartedAt = claimed.startedAt().orElse(now);
      for (String host : claimed.hosts()) {
        journal
            .writes()
            .recordRestartVerified(host, restartedAt, EffectiveState.EFFECTIVE, outcome.detail());
      }
    }
    sink.accept(new HandledRestart(id, status, outcome.detail()));
    return remove();
  }

  private RunOutcome runGuarded(RestartIntent intent) {
    try {
      return runner.run(intent);
    } catch (RuntimeException e) {
      return RunOutcome.failed("restart runner failed: " + e);
    }
  }

  /**
   * db-scheduler's default revives a dead execution at now(), which may be outside the window. Here
   * the intent goes back to QUEUED (only if the dead node still holds it) and the execution moves
   * to the next moment the window allows.
   */
  private void revive(ExecutionComplete complete, ExecutionOperations<Void> operations) {
    Execution dead = complete.getExecution();
    String id = dead.taskInstance.getId();
    IntentClaims.Revival revival =
        claims.revive(
            id, tokenOf(dead), "node " + dead.pickedBy + " died while running it; revived");
    Optional<RestartIntent> intent = queue.find(id);
    if (revival == IntentClaims.Revival.NOTHING_TO_RUN
        || intent.isEmpty()
        || intent.get().status() != IntentStatus.QUEUED) {
      operations.remove();
      return;
    }
    Instant now = clock.instant();
    GateDecision decision = gate.decide(intent.get(), now);
    if (decision.kind() == GateDecision.Kind.STOP) {
      queue.settle(id, IntentStatus.CANCELLED, decision.reason());
      operations.remove();
    } else if (decision.kind() == GateDecision.Kind.WAIT_UNTIL) {
      Instant until = notBefore(decision.until().orElseThrow(), now);
      postponements.postpone(
          id, until, "revived after node " + dead.pickedBy + " died; waits for the window");
      operations.reschedule(complete, until);
    } else {
      operations.reschedule(complete, now);
    }
  }

  /**
   * A {@code run-due} that picked {@code id} under {@code token} is gone from this node: the intent
   * goes back to QUEUED (only if that process still holds it) and the hosts it held are free.
   */
  IntentClaims.Revival reviveGone(String id, String token, String pickedBy) {
    IntentClaims.Revival revival =
        claims.revive(id, token, "run-due " + pickedBy + " died while running it; revived");
    leases.releaseAll(RESTART_OWNER + id);
    return revival;
  }

  private void retryLater(ExecutionComplete complete, ExecutionOperations<Void> operations) {
    operations.reschedule(complete, clock.instant().plus(retryDelay));
  }

  private static Instant notBefore(Instant until, Instant now) {
    return until.isAfter(now) ? until : now.plus(MINIMUM_WAIT);
  }

  private static CompletionHandler<Void> remove() {
    return (complete, operations) -> operations.remove();
  }

  private static CompletionHandler<Void> rescheduleTo(Instant until) {
    return (complete, operations) -> operations.reschedule(complete, until);
  }
}
