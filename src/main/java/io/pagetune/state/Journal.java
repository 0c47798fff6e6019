package io.pagetune.state;

/**
 * The run journal: every run and every file it changed (checksums, backup), so that {@code pagetune
 * history} can list runs and {@code pagetune rollback} can restore backups. Its parts each keep one
 * concern: the runs, recording change rows, reconciling the unconfirmed ones, reading the history,
 * and the backups.
 */
public final class Journal {
  private final StateStore store;

  Journal(StateStore store) {
    this.store = store;
  }

  /** Throws when the store is damaged (see {@link StateStore#checkIntegrity}). */
  public void checkStore() {
    store.checkIntegrity();
  }

  /** When runs started and how they ended. */
  public RunLog runs() {
    return new RunLog(store);
  }

  /** Recording change rows: intended, confirmed, applied, made effective by a restart. */
  public JournalWrites writes() {
    return new JournalWrites(store);
  }

  /** The writes journaled as intended and never confirmed, and how they are settled. */
  public UnconfirmedChanges unconfirmed() {
    return new UnconfirmedChanges(store);
  }

  /** The applied changes, for history, status and rollback. */
  public ChangeHistory history() {
    return new ChangeHistory(store);
  }

  /** The contents the changes replaced. */
  public FileBackups backups() {
    return new FileBackups(store);
  }
}
