package io.pagetune.state;

import java.util.List;

/**
 * The changes whose write landed on the host, as {@code history}, {@code status} and {@code
 * rollback} read them: a run's changes, what came after one, what each file holds now and what
 * still waits for a restart.
 */
public final class ChangeHistory {
  private final StateStore store;

  ChangeHistory(StateStore store) {
    this.store = store;
  }

  /** The changes of one run in the order they were applied. */
  public List<JournalChange> ofRun(String runId) {
    return JournalRows.changes(
        store,
        "WHERE run_id = ? AND" + JournalRows.APPLIED + " ORDER BY id",
        ps -> ps.setString(1, runId));
  }

  /**
   * Changes to the same file on the same host made after {@code change}: restoring its backup would
   * undo them, so rollback should refuse or warn.
   */
  public List<JournalChange> laterOnSameFile(JournalChange change) {
    return JournalRows.changes(
        store,
        "WHERE host = ? AND path = ? AND id > ? AND" + JournalRows.APPLIED + " ORDER BY id",
        ps -> {
          ps.setString(1, change.host());
          ps.setString(2, change.path());
          ps.setLong(3, change.sequence());
        });
  }

  /**
   * The newest applied change of each file on {@code host}, newest first: what the journal says the
   * host holds now and whether it is in use yet.
   */
  public List<JournalChange> latest(String host) {
    return JournalRows.changes(
        store,
        "j WHERE host = ? AND"
            + JournalRows.APPLIED
            + " AND id = (SELECT MAX(id) FROM journal_changes k WHERE k.host = j.host"
            + " AND k.path = j.path AND k.write_state = j.write_state)"
            + " ORDER BY id DESC",
        ps -> ps.setString(1, host));
  }

  /** Changes on {@code host} that still wait for a restart, oldest first. */
  public List<JournalChange> pendingRestart(String host) {
    return JournalRows.changes(
        store,
        "WHERE host = ? AND effective_state = ? AND" + JournalRows.APPLIED + " ORDER BY id",
        ps -> {
          ps.setString(1, host);
          ps.setString(2, EffectiveState.PENDING.name());
        });
  }
}
