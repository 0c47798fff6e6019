package io.pagetune.schedule.queue;

import io.pagetune.state.StateStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/**
 * Moving a queued intent's due time: postponed until its window opens or its hosts are free, or
 * made due again at once when what it waited for is recorded.
 */
final class IntentPostponements {
  private final StateStore store;

  IntentPostponements(StateStore store) {
    this.store = store;
  }

  /** Moves a queued intent's due time (the execution row is moved by db-scheduler). */
  boolean postpone(String id, Instant until, String note) {
    return store.inTransaction(c -> moveDue(c, id, until, note) == 1);
  }

  /**
   * Makes a queued intent due at {@code at}, its execution too unless a scheduler has it now (that
   * one reschedules it itself).
   *
   * @return false when it is not queued (any more)
   */
  boolean dueAgain(String id, Instant at, String note) {
    return store.inTransaction(
        c -> {
          int n = moveDue(c, id, at, note);
          if (n == 1) {
            RestartExecutions.move(c, id, at);
          }
          return n == 1;
        });
  }

  private int moveDue(Connection c, String id, Instant due, String note) throws SQLException {
    return IntentRows.update(
        c,
        "UPDATE restart_intents SET due_at = ?, result = ?, updated_at = ?"
            + " WHERE id = ? AND status = ?",
        due.toEpochMilli(),
        note,
        store.clock().millis(),
        id,
        IntentStatus.QUEUED.name());
  }
}
