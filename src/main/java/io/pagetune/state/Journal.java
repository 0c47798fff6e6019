package io.pagetune.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The run journal: every run and every file it changed (checksums, backup), so that {@code pagetune
 * history} can list runs and {@code pagetune rollback} can restore backups.
 */
public final class Journal {
  private static final String CHANGE_COLUMNS =
      "id, run_id, host, task, path, before_sha256, after_sha256, backup_path, changed_at,"
          + " effective_state, effective_detail, effective_at";

  private final StateStore store;

  Journal(StateStore store) {
    this.store = store;
  }

  /** Records the start of a run; the start time comes from the store's clock. */
  public void startRun(String runId, String playbook, String user, boolean checkMode) {
    Instant now = store.clock().instant();
    store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO runs (run_id, playbook, started_by, check_mode, started_at)"
                      + " VALUES (?, ?, ?, ?, ?)")) {
            ps.setString(1, runId);
            ps.setString(2, playbook);
            ps.setString(3, user);
            ps.setBoolean(4, checkMode);
            ps.setLong(5, now.toEpochMilli());
            return ps.executeUpdate();
          }
        });
  }

  /**
   * Records how a run ended ("ok", "failed", "unreachable"…).
   *
   * @return false when no such run was started
   */
  public boolean finishRun(String runId, String status) {
    Instant now = store.clock().instant();
    int updated =
        store.inTransaction(
            c -> {
              try (PreparedStatement ps =
                  c.prepareStatement(
                      "UPDATE runs SET finished_at = ?, status = ? WHERE run_id = ?")) {
                ps.setLong(1, now.toEpochMilli());
                ps.setString(2, status);
                ps.setString(3, runId);
                return ps.executeUpdate();
              }
            });
    return updated == 1;
  }

  /** Records an applied change that needs no restart: it is effective at once. */
  public long recordChange(
      String runId,
      String host,
      String task,
      String path,
      String beforeSha256,
      String afterSha256,
      String backupPath,
      Instant at) {
    return recordChange(
        runId,
        host,
        task,
        path,
        beforeSha256,
        afterSha256,
        backupPath,
        at,
        EffectiveState.EFFECTIVE);
  }

  /**
   * Records an applied change. Use {@link EffectiveState#PENDING} when the change waits for a
   * restart; {@link #recordRestartVerified} settles it later.
   *
   * @param beforeSha256 null when the file did not exist
   * @param backupPath null when no backup was kept
   * @return the change's sequence number
   */
  public long recordChange(
      String runId,
      String host,
      String task,
      String path,
      String beforeSha256,
      String afterSha256,
      String backupPath,
      Instant at,
      EffectiveState state) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO journal_changes (run_id, host, task, path, before_sha256,"
                      + " after_sha256, backup_path, changed_at, effective_state, effective_at)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  new String[] {"id"})) {
            ps.setString(1, runId);
            ps.setString(2, host);
            ps.setString(3, task);
            ps.setString(4, path);
            ps.setString(5, beforeSha256);
            ps.setString(6, afterSha256);
            ps.setString(7, backupPath);
            ps.setLong(8, at.toEpochMilli());
            ps.setString(9, state.name());
            if (state == EffectiveState.PENDING) {
              ps.setNull(10, Types.BIGINT);
            } else {
              ps.setLong(10, at.toEpochMilli());
            }
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
              if (!keys.next()) {
                throw new SQLException("no id returned for the journal change");
              }
              return keys.getLong(1);
            }
          }
        });
  }

  /**
   * A restart of {@code host} ran at {@code restartedAt} and was verified (or not): every change on
   * that host still pending and made before the restart, from any run, gets {@code state}.
   *
   * @return how many changes were settled
   */
  public int recordRestartVerified(
      String host, Instant restartedAt, EffectiveState state, String detail) {
    if (state == EffectiveState.PENDING) {
      throw new IllegalArgumentException(
          "a verified restart settles changes; PENDING is no result");
    }
    Instant now = store.clock().instant();
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "UPDATE journal_changes SET effective_state = ?, effective_detail = ?,"
                      + " effective_at = ? WHERE host = ? AND effective_state = ?"
                      + " AND changed_at <= ?")) {
            ps.setString(1, state.name());
            ps.setString(2, detail);
            ps.setLong(3, now.toEpochMilli());
            ps.setString(4, host);
            ps.setString(5, EffectiveState.PENDING.name());
            ps.setLong(6, restartedAt.toEpochMilli());
            return ps.executeUpdate();
          }
        });
  }

  /** All runs, newest first. */
  public List<RunRecord> listRuns() {
    return listRuns(Integer.MAX_VALUE);
  }

  /** The newest {@code limit} runs, newest first. */
  public List<RunRecord> listRuns(int limit) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT run_id, playbook, started_by, check_mode, started_at, finished_at,"
                      + " status FROM runs ORDER BY started_at DESC, run_id DESC LIMIT ?")) {
            ps.setInt(1, limit);
            return readRuns(ps);
          }
        });
  }

  public Optional<RunRecord> run(String runId) {
    List<RunRecord> runs =
        store.inTransaction(
            c -> {
              try (PreparedStatement ps =
                  c.prepareStatement(
                      "SELECT run_id, playbook, started_by, check_mode, started_at, finished_at,"
                          + " status FROM runs WHERE run_id = ?")) {
                ps.setString(1, runId);
                return readRuns(ps);
              }
            });
    return runs.stream().findFirst();
  }

  /** The changes of one run in the order they were applied. */
  public List<JournalChange> changes(String runId) {
    return store.inTransaction(
        c ->
            queryChanges(
                c,
                "SELECT " + CHANGE_COLUMNS + " FROM journal_changes WHERE run_id = ? ORDER BY id",
                ps -> ps.setString(1, runId)));
  }

  /**
   * Changes to the same file on the same host made after {@code change}: restoring its backup would
   * undo them, so rollback should refuse or warn.
   */
  public List<JournalChange> laterChanges(JournalChange change) {
    return store.inTransaction(
        c ->
            queryChanges(
                c,
                "SELECT "
                    + CHANGE_COLUMNS
                    + " FROM journal_changes WHERE host = ? AND path = ? AND id > ? ORDER BY id",
                ps -> {
                  ps.setString(1, change.host());
                  ps.setString(2, change.path());
                  ps.setLong(3, change.sequence());
                }));
  }

  /** Changes on {@code host} that still wait for a restart, oldest first. */
  public List<JournalChange> pendingChanges(String host) {
    return store.inTransaction(
        c ->
            queryChanges(
                c,
                "SELECT "
                    + CHANGE_COLUMNS
                    + " FROM journal_changes WHERE host = ? AND effective_state = ? ORDER BY id",
                ps -> {
                  ps.setString(1, host);
                  ps.setString(2, EffectiveState.PENDING.name());
                }));
  }

  private interface Binder {
    void bind(PreparedStatement ps) throws SQLException;
  }

  private static List<JournalChange> queryChanges(Connection c, String sql, Binder binder)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      binder.bind(ps);
      List<JournalChange> changes = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          changes.add(
              new JournalChange(
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
                  optionalInstant(rs, "effective_at")));
        }
      }
      return changes;
    }
  }

  private static List<RunRecord> readRuns(PreparedStatement ps) throws SQLException {
    List<RunRecord> runs = new ArrayList<>();
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        runs.add(
            new RunRecord(
                rs.getString("run_id"),
                rs.getString("playbook"),
                rs.getString("started_by"),
                rs.getBoolean("check_mode"),
                Instant.ofEpochMilli(rs.getLong("started_at")),
                optionalInstant(rs, "finished_at"),
                Optional.ofNullable(rs.getString("status"))));
      }
    }
    return runs;
  }

  static Optional<Instant> optionalInstant(ResultSet rs, String column) throws SQLException {
    long millis = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
  }
}
