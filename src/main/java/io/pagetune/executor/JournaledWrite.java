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
 */
public record JournaledWrite(
    String runId,
    String host,
    String task,
    FileWrite write,
    List<Step.RequestRestart> restarts,
    boolean pendingRestart) {
  public JournaledWrite {
    Objects.requireNonNull(runId);
    Objects.requireNonNull(host);
    Objects.requireNonNull(task);
    Objects.requireNonNull(write);
    restarts = List.copyOf(restarts);
  }
}
