package io.pagetune.plan;

import io.pagetune.executor.ChangeJournal;
import io.pagetune.executor.JournaledWrite;
import io.pagetune.executor.RestartSink;
import io.pagetune.modules.FileWrite;
import io.pagetune.modules.Step;
import io.pagetune.report.UnifiedDiff;
import io.pagetune.state.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Holds an apply to its plan: every write goes through here before it reaches the host (and before
 * the journal records it), and is let through only if the plan has it for that host, task and path,
 * the file still holds the plan's before content, and the content rendered now is the plan's after
 * content. Anything else refuses the host with a {@link PlanRefusal}; other hosts go on.
 *
 * <p>So are the commands: a task runs a command only if the plan approved that host and task
 * running it, rendered the same (a value read from the host can change what a template renders).
 *
 * <p>The restart intents are the plan's too: a write whose change needs a restart the plan did not
 * predict for that host is refused before it reaches the host, and {@link #restarts} lets only the
 * plan's restarts into the queue.
 */
public final class PlanGuard implements ChangeJournal {
  private final ChangeJournal journal;
  private final Map<String, Deque<PlannedWrite>> expected = new HashMap<>();
  private final Map<String, Deque<String>> approvedCommands = new HashMap<>();
  private final Map<String, List<PlannedRestart>> plannedRestarts = new HashMap<>();
  private final List<PlanRefusal> refusals = new ArrayList<>();
  private final List<PlanRefusal> unqueued = new ArrayList<>();

  public PlanGuard(SavedPlan plan, ChangeJournal journal) {
    this.journal = Objects.requireNonNull(journal);
    for (HostPlan h : plan.hosts()) {
      for (TaskPlan t : h.tasks()) {
        plannedRestarts
            .computeIfAbsent(h.host(), k -> new ArrayList<>())
            .addAll(t.restartIntents());
        approvedCommands
            .computeIfAbsent(h.host() + '\0' + t.task(), k -> new ArrayDeque<>())
            .addAll(t.commands());
        for (PlannedWrite w : t.writes()) {
          expected
              .computeIfAbsent(key(h.host(), t.task(), w.path()), k -> new ArrayDeque<>())
              .add(w);
        }
      }
    }
  }

  /** The restarts the run asked for that the plan did not predict, left out of the queue. */
  public synchronized List<PlanRefusal> unqueuedRestarts() {
    return List.copyOf(unqueued);
  }

  /** The refusals so far, in the order they happened. */
  public synchronized List<PlanRefusal> refusals() {
    return List.copyOf(refusals);
  }

  @Override
  public PendingChange intending(JournaledWrite write) {
    check(write.host(), write.task(), write.write());
    for (Step.RequestRestart restart : write.restarts()) {
      unplanned(write.host(), restart)
          .ifPresent(
              why ->
                  refuse(
                      write.host(),
                      why + " (refused before writing " + write.write().path() + ")"));
    }
    return journal.intending(write);
  }

  @Override
  public void commandsIntended(
      String host,
      String task,
      boolean noLog,
      List<io.pagetune.connection.RemoteCommand> commands) {
    for (io.pagetune.connection.RemoteCommand command : commands) {
      String approved;
      synchronized (this) {
        Deque<String> queue = approvedCommands.get(host + '\0' + task);
        approved = queue == null ? null : queue.poll();
      }
      if (approved != null && ApprovedCommand.approves(approved, command)) {
        continue;
      }
      StringBuilder msg = new StringBuilder(host).append(": task '").append(task);
      msg.append(
          approved == null
              ? "' would run a command the plan does not hold"
              : "' would run a command other than the one the plan approved");
      msg.append(" (refused; make a new plan)");
      if (!noLog && (approved == null || ApprovedCommand.shown(approved))) {
        String now = ApprovedCommand.text(command);
        msg.append('\n')
            .append(
                UnifiedDiff.of("command", approved == null ? "" : approved + "\n", now + "\n", 3)
                    .replaceFirst("--- before: ", "--- plan: ")
                    .replaceFirst("\\+\\+\\+ after: ", "+++ now: ")
                    .stripTrailing());
      }
      throw refusal(host, msg.toString());
    }
  }

  /**
   * The restart sink an apply of this plan uses: a restart the plan predicted for the host goes on
   * to {@code queue}; any other is not queued, and the host counts as refused.
   */
  public RestartSink restarts(RestartSink queue) {
    Objects.requireNonNull(queue);
    return new RestartSink() {
      @Override
      public String requested(Request r) {
        if (r.check()) {
          return queue.requested(r);
        }
        Optional<String> why = unplanned(r.host(), r.restart());
        if (why.isPresent()) {
          // not thrown: the change that asked for it may already be on the host; the restart is
          // left out of the queue and the apply ends refused
          PlanRefusal refusal = refusal(r.host(), why.get());
          synchronized (PlanGuard.this) {
            unqueued.add(refusal);
          }
          return "refused, not queued: " + refusal.getMessage();
        }
        return queue.requested(r);
      }

      @Override
      public java.util.List<io.pagetune.report.RestartRan> runFinished(String runId) {
        return queue.runFinished(runId);
      }
    };
  }

  /** Why {@code restart} may not be queued for {@code host}; empty when the plan predicted it. */
  private Optional<String> unplanned(String host, Step.RequestRestart restart) {
    List<PlannedRestart> planned = plannedRestarts.getOrDefault(host, List.of());
    if (planned.stream().anyMatch(p -> p.matches(restart))) {
      return Optional.empty();
    }
    return Optional.of(
        host
            + ": restart of "
            + restart.target().describe()
            + " ("
            + restart.reason()
            + ") is not one the plan predicted for this host (make a new plan)");
  }

  private void refuse(String host, String message) {
    throw refusal(host, message);
  }

  private void check(String host, String task, FileWrite write) {
    PlannedWrite planned;
    synchronized (this) {
      Deque<PlannedWrite> queue = expected.get(key(host, task, write.path()));
      planned = queue == null ? null : queue.poll();
    }
    if (planned == null) {
      throw refusal(
          host,
          host
              + ": task '"
              + task
              + "' would "
              + (write.after().isPresent() ? "write " : "remove ")
              + write.path()
              + ", which the plan does not change (refused; make a new plan)");
    }
    Optional<byte[]> live = write.before();
    if (!Objects.equals(live.map(Sha256::hex).orElse(null), planned.beforeSha256())) {
      throw refusal(
          host, host + ": " + new Drift(host, write.path(), planned.before(), live).describe());
    }
    String after = write.after().map(Sha256::hex).orElse(null);
    if (!Objects.equals(after, planned.afterSha256())) {
      StringBuilder msg =
          new StringBuilder(host)
              .append(": task '")
              .append(task)
              .append("' renders ")
              .append(write.path())
              .append(" differently from the plan (refused; make a new plan)");
      if (planned.after() != null && planned.after().text() != null && write.after().isPresent()) {
        String diff =
            UnifiedDiff.of(
                write.path(),
                planned.after().text(),
                new String(write.after().get(), StandardCharsets.UTF_8),
                3);
        msg.append('\n')
            .append(
                diff.replaceFirst("--- before: ", "--- plan: ")
                    .replaceFirst("\\+\\+\\+ after: ", "+++ now: "));
      }
      throw refusal(host, msg.toString().stripTrailing());
    }
  }

  private PlanRefusal refusal(String host, String message) {
    PlanRefusal refusal = new PlanRefusal(host, message);
    synchronized (this) {
      refusals.add(refusal);
    }
    return refusal;
  }

  private static String key(String host, String task, String path) {
    return host + '\0' + task + '\0' + path;
  }

  @Override
  public void runStarted(String runId, String playbook, boolean checkMode) {
    journal.runStarted(runId, playbook, checkMode);
  }

  @Override
  public void confirmAll(List<PendingChange> changes) {
    journal.confirmAll(changes);
  }

  @Override
  public List<String> reconcile(
      String host, HostFileReader files, Consumer<OrphanedRestart> requeue) {
    return journal.reconcile(host, files, requeue);
  }

  @Override
  public void runFinished(String runId, String status) {
    journal.runFinished(runId, status);
  }
}
