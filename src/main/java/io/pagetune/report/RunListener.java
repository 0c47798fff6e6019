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

  default void warning(String message) {}

  default void playFinished(String play) {}

  /** A restart that ran at the end of the run, its window being open now. */
  default void restartRan(RestartRan restart) {}

  default void runFinished(RunSummary summary, int exitCode) {}
}
