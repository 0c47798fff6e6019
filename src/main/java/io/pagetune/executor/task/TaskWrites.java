package io.pagetune.executor.task;

import io.pagetune.executor.ChangeJournal;
import io.pagetune.executor.CrashTestHook;
import io.pagetune.executor.JournaledWrite;
import io.pagetune.executor.RestartSink;
import io.pagetune.modules.Step;
import io.pagetune.modules.WriteObserver;
import io.pagetune.schedule.RestartTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The writes of one task on one host, journaled ahead: each is stored as intended (with the
 * restarts it needs) before it reaches the host, and confirmed once the task has queued those
 * restarts, so a crash at any moment leaves either an unapplied intent or a queued restart.
 */
final class TaskWrites {
  private final ChangeJournal journal;
  private final RestartSink restarts;
  private final String runId;
  private final String host;
  private final String task;
  private final boolean noLog;
  private final java.util.function.Predicate<String> secret;
  private final Map<String, Object> hostVars;
  private final Supplier<List<Step.RequestRestart>> notified;
  private final List<Landed> landed = new ArrayList<>();
  private List<Step.RequestRestart> notifiedRestarts;

  /** A write that reached the host and the restarts it needs. */
  private record Landed(ChangeJournal.PendingChange change, List<Step.RequestRestart> restarts) {}

  /**
   * @param notified the restarts of the handlers the task notifies, computed on the first write
   */
  TaskWrites(
      ChangeJournal journal,
      RestartSink restarts,
      String runId,
      String host,
      String task,
      boolean noLog,
      java.util.function.Predicate<String> secret,
      Map<String, Object> hostVars,
      Supplier<List<Step.RequestRestart>> notified) {
    this.secret = secret;
    this.journal = journal;
    this.restarts = restarts;
    this.runId = runId;
    this.host = host;
    this.task = task;
    this.noLog = noLog;
    this.hostVars = hostVars;
    this.notified = notified;
  }

  /** The observer for one plan: its own restart steps join the notified handlers'. */
  WriteObserver observer(List<Step.RequestRestart> planRestarts) {
    return write -> {
      List<Step.RequestRestart> needed = new ArrayList<>(planRestarts);
      needed.addAll(notified());
      // a notified handler's restart counts as much as the task's own: until it ran, the change is
      // persisted but not in use, never "effective"
      boolean pendingRestart = !needed.isEmpty();
      ChangeJournal.PendingChange change =
          journal.intending(
              new JournaledWrite(
                  runId, host, task, write, needed, pendingRestart, noLog || holdsSecret(write)));
      return () -> {
        CrashTestHook.afterRename();
        synchronized (landed) {
          landed.add(new Landed(change, needed));
        }
      };
    };
  }

  /** A write of a vault's secret is journaled as a {@code no_log} task's: by checksums only. */
  private boolean holdsSecret(io.pagetune.modules.FileWrite write) {
    return java.util.stream.Stream.of(write.before(), write.after())
        .flatMap(Optional::stream)
        .anyMatch(b -> secret.test(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
  }

  private synchronized List<Step.RequestRestart> notified() {
    if (notifiedRestarts == null) {
      notifiedRestarts = List.copyOf(notified.get());
    }
    return notifiedRestarts;
  }

  /**
   * Queues the restarts of every landed write (the queue merges what the task already queued), then
   * confirms the writes. Call when the task is over, whatever its outcome.
   */
  void confirmLanded() {
    List<Landed> done;
    synchronized (landed) {
      done = List.copyOf(landed);
      landed.clear();
    }
    if (done.isEmpty()) {
      return;
    }
    Map<RestartTarget, Step.RequestRestart> needed = new LinkedHashMap<>();
    for (Landed l : done) {
      l.restarts().forEach(r -> needed.putIfAbsent(r.target(), r));
    }
    for (Step.RequestRestart r : needed.values()) {
      restarts.requested(new RestartSink.Request(runId, host, hostVars, task, r, false));
    }
    journal.confirmAll(done.stream().map(Landed::change).toList());
  }
}
