package io.pagetune.executor;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Step;
import io.pagetune.state.ChangeKind;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Records every file a run changes, before the change reaches the host (write-ahead) and once it
 * did, with what it held before, so the run can be rolled back and a crash never loses a change.
 */
public interface ChangeJournal {
  /** A run starts; a check run is recorded only once it really writes (check_mode: false). */
  default void runStarted(String runId, String playbook, boolean checkMode) {}

  /**
   * Journals {@code write} as intended, before it reaches the host.
   *
   * @return the handle that confirms it once it landed
   */
  default PendingChange intending(JournaledWrite write) {
    return PendingChange.NONE;
  }

  /**
   * Told before a task runs {@code commands} on {@code host} (as the host gets them). Commands are
   * not journaled, they cannot be undone; an apply held to a saved plan refuses, by throwing, a
   * command the plan did not approve.
   */
  default void commandsIntended(
      String host, String task, boolean noLog, List<RemoteCommand> commands) {}

  /** Confirms several landed writes at once (one transaction where the journal can). */
  default void confirmAll(List<PendingChange> changes) {
    changes.forEach(PendingChange::confirm);
  }

  /**
   * Settles the writes that dead (or finished) runs journaled on {@code host} but never confirmed:
   * first removes the temp files such a write may have left beside its target, then settles it by
   * what the host holds now: applied (their restarts go to {@code requeue} first, then they are
   * confirmed), not applied (dropped) or changed by someone else (kept, and returned).
   *
   * @return one line per write found changed by someone else, or that could not be read
   */
  default List<String> reconcile(
      String host, HostFileReader files, Consumer<OrphanedRestart> requeue) {
    return List.of();
  }

  default void runFinished(String runId, String status) {}

  /** Journals nothing. */
  ChangeJournal NONE = new ChangeJournal() {};

  /** A journaled write on its way to the host. */
  @FunctionalInterface
  interface PendingChange {
    /** The write landed: the journal row is confirmed. */
    void confirm();

    PendingChange NONE = () -> {};
  }

  /** Reads a file on the host being reconciled, as the user that wrote it. */
  @FunctionalInterface
  interface HostFileReader {
    Optional<byte[]> read(String path, Optional<String> becomeUser);

    /**
     * The path's state for a change of {@code kind} without content (see {@link
     * io.pagetune.modules.PathState}); empty when the path is absent.
     */
    default Optional<String> state(ChangeKind kind, String path, Optional<String> becomeUser) {
      throw new UnsupportedOperationException("this reader reads file contents only");
    }

    /**
     * Removes the temp files a killed write of {@code path} left beside it (pagetune's temp names
     * only), as the user that wrote it.
     *
     * @throws java.io.UncheckedIOException when they cannot be removed
     */
    default void removeTemps(String path, Optional<String> becomeUser) {}
  }

  /** A restart a dead run's applied write needed. */
  record OrphanedRestart(String runId, String task, Step.RequestRestart restart) {}
}
