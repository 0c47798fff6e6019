package io.pagetune.executor;

import java.util.Optional;

/** Records every file a run changed, with what it held before, so the run can be rolled back. */
public interface ChangeJournal {
  default void runStarted(String runId, String playbook, boolean checkMode) {}

  /**
   * @param before the old content, empty when the change created the file
   * @param backup where the old content was kept on the host
   * @param pendingRestart the change takes effect only after a restart it requested
   */
  default void fileChanged(
      String runId,
      String host,
      String task,
      String path,
      Optional<byte[]> before,
      byte[] after,
      Optional<String> backup,
      boolean pendingRestart) {}

  default void runFinished(String runId, String status) {}

  /** Journals nothing. */
  ChangeJournal NONE = new ChangeJournal() {};

  /** True when changes must keep a backup of what they replace (rollback needs it). */
  default boolean wantsBackups() {
    return this != NONE;
  }
}
