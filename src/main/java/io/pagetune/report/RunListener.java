package io.pagetune.report;

import java.util.List;

/**
 * Typed run events; every output format is one listener. Calls may come from several threads but
 * are serialised by the engine, so implementations need no locking of their own.
 */
public interface RunListener {
  default void runStarted(String playbook, boolean checkMode) {}

  default void playStarted(String play, List<String> hosts) {}

  default void taskStarted(String task, String location, boolean handler) {}

  default void hostResult(TaskOutcome outcome) {}

  /**
   * Follows a replayed {@link #taskStarted} (a host-pinned play's events come after the play has
   * run): how long the task really took, overall and on each host. Listeners that time tasks by
   * their own clock use this instead, since the replay itself takes no time.
   */
  default void taskTimed(TaskTiming timing) {}

  default void warning(String message) {}

  /**
   * A host of a host-pinned play (more hosts than the connection budget) is done with the whole
   * play, as it happens; its task events come later, replayed in the linear strategy's order.
   * Progress displays count these; reports wait for the replay.
   */
  default void hostFinishedPlay(String host, Status outcome) {}

  default void playFinished(String play) {}

  /** A restart that ran at the end of the run, its window being open now. */
  default void restartRan(RestartRan restart) {}

  default void runFinished(RunSummary summary, int exitCode) {}
}
