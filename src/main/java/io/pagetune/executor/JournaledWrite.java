package io.pagetune.executor;

import io.pagetune.modules.FileWrite;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Objects;

/**
 * One write of a task as the journal records it.
 *
 * @param restarts the restarts the change needs (the task's own and its notified handlers')
 * @param pendingRestart the change takes effect only after a restart it requested
 * @param noLog the task is {@code no_log}: the journal keeps its content out of every view
 */
public record JournaledWrite(
    String runId,
    String host,
    String task,
    FileWrite write,
    List<Step.RequestRestart> restarts,
    boolean pendingRestart,
    boolean noLog) {
  public JournaledWrite {
    Objects.requireNonNull(runId);
    Objects.requireNonNull(host);
    Objects.requireNonNull(task);
    Objects.requireNonNull(write);
    restarts = List.copyOf(restarts);
  }

  /** A write of a task without {@code no_log}. */
  public JournaledWrite(
      String runId,
      String host,
      String task,
      FileWrite write,
      List<Step.RequestRestart> restarts,
      boolean pendingRestart) {
    this(runId, host, task, write, restarts, pendingRestart, false);
  }
}
