package io.pagetune.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How journal rows are read and how their run's heartbeat moves: the SQL the journal's parts share,
 * so every part reads a change row the same way.
 */
final class JournalRows {
  static final String SELECT_CHANGES =
      "SELECT id, run_id, host, task, path, before_sha256, after_sha256, backup_path, changed_at,"
          + " effective_state, effective_detail, effective_at, write_state, before_mode,"
          + " before_owner, before_group, become_user, restarts, no_log, change_kind,"
          + " before_value, after_value FROM journal_changes";

  /** A condition on changes whose write landed on the host. */
  static final String APPLIED = " write_state = '" + WriteState.APPLIED.name() + "'";

  private JournalRows() {}

  /** Binds the parameters of a query. */
  interface Binder {
    void bind(PreparedStatement ps) throws SQLException;
  }

  /** The changes {@code SELECT_CHANGES + whereAndOrder} finds, in one transaction. */
  static List<JournalChange> changes(StateStore store, String whereAndOrder, Binder binder) {
    return store.inTransaction(c -> changes(c, whereAndOrder, binder));
  }

  static List<JournalChange> changes(Connection c, String whereAndOrder, Binder binder)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT_CHANGES + " " + whereAndOrder)) {
      binder.bind(ps);
      List<JournalChange> changes = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          changes.add(change(rs));
        }
      }
      return changes;
    }
  }

  private static JournalChange change(ResultSet rs) throws SQLException {
    return new JournalChange(
        rs.getLong("id"),
        rs.getString("run_id"),
        rs.getString("host"),
        rs.getString("task"),
        rs.getString("path"),
        Optional.ofNullable(rs.getString("before_sha256")),
        Optional.ofNullable(rs.getString("after_sha256")),
        Optional.ofNullable(rs.getString("backup_path")),
        Instant.ofEpochMilli(rs.getLong("changed_at")),
        EffectiveState.valueOf(rs.getString("effective_state")),
        Optional.ofNullable(rs.getString("effective_detail")),
        optionalInstant(rs, "effective_at"),
        WriteState.valueOf(rs.getString("write_state")),
        optionalInt(rs, "before_mode"),
        Optional.ofNullable(rs.getString("before_owner")),
        Optional.ofNullable(rs.getString("before_group")),
        Optional.ofNullable(rs.getString("become_user")),
        rs.getString("restarts") == null ? "" : rs.getString("restarts"),
        rs.getBoolean("no_log"),
        ChangeKind.ofColumn(rs.getString("change_kind")),
        Optional.ofNullable(rs.getString("before_value")),
        Optional.ofNullable(rs.getString("after_value")));
  }

  /**
   * Moves an INTENDED change to {@code state} (and its unfinished run's heartbeat to {@code now}).
   *
   * @return false when the change is not (any more) intended
   */
  static boolean settleIntended(
      StateStore store, long sequence, WriteState state, String detail, Instant now) {
    int updated =
        store.inTransaction(
            c -> {
              try (PreparedStatement ps =
                  c.prepareStatement(
                      "UPDATE journal_changes SET write_state = ?, write_detail = ?"
                          + " WHERE id = ? AND write_state = ?")) {
                ps.setString(1, state.name());
                ps.setString(2, detail);
                ps.setLong(3, sequence);
                ps.setString(4, WriteState.INTENDED.name());
                int n = ps.executeUpdate();
                if (n == 1) {
                  heartbeatOfChange(c, sequence, now);
                }
                return n;
              }
            });
    return updated == 1;
  }

  /** The heartbeat of the unfinished run that journaled change {@code sequence}. */
  static void heartbeatOfChange(Connection c, long sequence, Instant now) throws SQLException {
    try (PreparedStatement hb =
        c.prepareStatement(
            "UPDATE runs SET heartbeat_at = ? WHERE finished_at IS NULL AND run_id ="
                + " (SELECT run_id FROM journal_changes WHERE id = ?)")) {
      hb.setLong(1, now.toEpochMilli());
      hb.setLong(2, sequence);
      hb.executeUpdate();
    }
  }

  static long generatedId(PreparedStatement ps) throws SQLException {
    try (ResultSet keys = ps.getGeneratedKeys()) {
      if (!keys.next()) {
        throw new SQLException("no id returned for the journal change");
      }
      return keys.getLong(1);
    }
  }

  static Optional<Integer> optionalInt(ResultSet rs, String column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of((int) value);
  }

  static Optional<Instant> optionalInstant(ResultSet rs, String column) throws SQLException {
    long millis = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
  }
}
