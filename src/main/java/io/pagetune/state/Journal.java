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
          + " effective_state, effective_detail, effective_at, write_state, before_mode,"
          + " before_owner, before_group, become_user, restarts, no_log, change_kind, before_value,"
          + " after_value";
  private static final String APPLIED = " write_state = '" + WriteState.APPLIED.name() + "'";

  private final StateStore store;

  Journal(StateStore store) {
    this.store = store;
  }

  /** Throws when the store is damaged (see {@link StateStore#checkIntegrity}). */
  public void checkStore() {
    store.checkIntegrity();
  }

  /** Records the start of a run by this process; the start time comes from the store's clock. */
  public void startRun(String runId, String playbook, String user, boolean checkMode) {
    startRun(runId, playbook, user, checkMode, RunOwner.current());
  }

  /** Records the start of a run by {@code owner}, so that a later run can tell when it died. */
  public void startRun(
      String runId, String playbook, String user, boolean checkMode, RunOwner owner) {
    Instant now = store.clock().instant();
    store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO runs (run_id, playbook, started_by, check_mode, started_at,"
                      + " owner_node, owner_pid, owner_started_at, heartbeat_at)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, runId);
            ps.setString(2, playbook);
            ps.setString(3, user);
            ps.setBoolean(4, checkMode);
            ps.setLong(5, now.toEpochMilli());
            ps.setString(6, owner.node());
            ps.setLong(7, owner.pid());
            if (owner.processStartedAt().isPresent()) {
              ps.setLong(8, owner.processStartedAt().get().toEpochMilli());
            } else {
              ps.setNull(8, Types.BIGINT);
            }
            ps.setLong(9, now.toEpochMilli());
            return ps.executeUpdate();
          }
        });
  }

  /**
   * Journals a write before it reaches the host: the row (INTENDED) and the backup of what it
   * replaces, in one transaction. {@link #confirmChange} marks it applied once the file is in
   * place; a run that dies in between leaves it for {@link #orphanedChanges} to reconcile.
   *
   * @return the change's sequence number
   */
  public long intendChange(IntendedChange change) {
    return store.inTransaction(
        c -> {
          if (change.before().isPresent()) {
            FileBackups.store(
                c,
                Sha256.hex(change.before().get()),
                change.before().get(),
                change.at().toEpochMilli());
          }
          heartbeat(c, change.runId(), change.at());
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO journal_changes (run_id, host, task, path, before_sha256,"
                      + " after_sha256, backup_path, changed_at, effective_state, effective_at,"
                      + " write_state, before_mode, before_owner, before_group, become_user,"
                      + " restarts, no_log, change_kind, before_value, after_value)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  new String[] {"id"})) {
            ps.setString(1, change.runId());
            ps.setString(2, change.host());
            ps.setString(3, change.task());
            ps.setString(4, change.path());
            ps.setString(5, change.beforeSha256().orElse(null));
            ps.setString(6, change.afterSha256().orElse(null));
            ps.setString(7, change.backupPath().orElse(null));
            ps.setLong(8, change.at().toEpochMilli());
            ps.setString(9, change.effectiveState().name());
            if (change.effectiveState() == EffectiveState.PENDING) {
              ps.setNull(10, Types.BIGINT);
            } else {
              ps.setLong(10, change.at().toEpochMilli());
            }
            ps.setString(11, WriteState.INTENDED.name());
            if (change.beforeMode().isPresent()) {
              ps.setLong(12, change.beforeMode().get());
            } else {
              ps.setNull(12, Types.BIGINT);
            }
            ps.setString(13, change.beforeOwner().orElse(null));
            ps.setString(14, change.beforeGroup().orElse(null));
            ps.setString(15, change.becomeUser().orElse(null));
            ps.setString(16, change.restarts());
            ps.setBoolean(17, change.noLog());
            ps.setString(18, change.kind().column());
            ps.setString(19, change.beforeValue().orElse(null));
            ps.setString(20, change.afterValue().orElse(null));
            ps.executeUpdate();
            return generatedId(ps);
          }
        });
  }

  /**
   * The write of an INTENDED change landed on the host.
   *
   * @return false when the change is not (any more) intended
   */
  public boolean confirmChange(long sequence) {
    return settleIntended(sequence, WriteState.APPLIED, null);
  }

  /** Confirms several INTENDED changes in one transaction (the writes of one task). */
  public void confirmChanges(java.util.Collection<Long> sequences) {
    if (sequences.isEmpty()) {
      return;
    }
    Instant now = store.clock().instant();
    store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "UPDATE journal_changes SET write_state = ? WHERE id = ? AND write_state = ?")) {
            for (long id : sequences) {
              ps.setString(1, WriteState.APPLIED.name());
              ps.setLong(2, id);
              ps.setString(3, WriteState.INTENDED.name());
              ps.addBatch();
            }
            ps.executeBatch();
          }
          try (PreparedStatement hb =
              c.prepareStatement(
                  "UPDATE runs SET heartbeat_at = ? WHERE finished_at IS NULL AND run_id ="
                      + " (SELECT run_id FROM journal_changes WHERE id = ?)")) {
            hb.setLong(1, now.toEpochMilli());
            hb.setLong(2, sequences.iterator().next());
            hb.executeUpdate();
          }
          return null;
        });
  }

  /**
   * A dead run's write that the host shows neither before nor after: kept for the record, never
   * rolled back.
   */
  public boolean divergedChange(long sequence, String detail) {
    return settleIntended(sequence, WriteState.DIVERGED, detail);
  }

  /** An INTENDED change that never reached the host. */
  public boolean dropChange(long sequence) {
    int deleted =
        store.inTransaction(
            c -> {
              try (PreparedStatement ps =
                  c.prepareStatement(
                      "DELETE FROM journal_changes WHERE id = ? AND write_state = ?")) {
                ps.setLong(1, sequence);
                ps.setString(2, WriteState.INTENDED.name());
                return ps.executeUpdate();
              }
            });
    return deleted == 1;
  }

  private boolean settleIntended(long sequence, WriteState state, String detail) {
    Instant now = store.clock().instant();
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
                  try (PreparedStatement hb =
                      c.prepareStatement(
                          "UPDATE runs SET heartbeat_at = ? WHERE finished_at IS NULL AND run_id ="
                              + " (SELECT run_id FROM journal_changes WHERE id = ?)")) {
                    hb.setLong(1, now.toEpochMilli());
                    hb.setLong(2, sequence);
                    hb.executeUpdate();
                  }
                }
                return n;
              }
            });
    return updated == 1;
  }

  private static void heartbeat(Connection c, String runId, Instant at) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?")) {
      ps.setLong(1, at.toEpochMilli());
      ps.setString(2, runId);
      ps.executeUpdate();
    }
  }

  /**
   * INTENDED changes on {@code host} whose run is over: finished, or dead (see {@link
   * UnfinishedRun#isDead}), as seen from {@code thisNode}. Oldest first.
   */
  public List<JournalChange> orphanedChanges(String host, String thisNode) {
    java.util.Set<String> dead = deadRuns(thisNode);
    List<JournalChange> intended =
        store.inTransaction(
            c ->
                queryChanges(
                    c,
                    "SELECT "
                        + CHANGE_COLUMNS
                        + " FROM journal_changes WHERE host = ? AND write_state = ? ORDER BY id",
                    ps -> {
                      ps.setString(1, host);
                      ps.setString(2, WriteState.INTENDED.name());
                    }));
    java.util.Set<String> finished = new java.util.HashSet<>();
    for (JournalChange change : intended) {
      if (run(change.runId()).flatMap(RunRecord::finishedAt).isPresent()) {
        finished.add(change.runId());
      }
    }
    return intended.stream()
        .filter(ch -> finished.contains(ch.runId()) || dead.contains(ch.runId()))
        .toList();
  }

  /**
   * The unfinished runs that are dead as seen from {@code thisNode}: what a later run would mark
   * {@code interrupted}, read without writing anything.
   */
  public java.util.Set<String> deadRuns(String thisNode) {
    Instant now = store.clock().instant();
    java.util.Set<String> dead = new java.util.LinkedHashSet<>();
    for (UnfinishedRun r : unfinishedRuns()) {
      if (r.isDead(thisNode, now)) {
        dead.add(r.runId());
      }
    }
    return dead;
  }

  /** The writes of {@code runId} journaled as intended and never confirmed, oldest first. */
  public List<JournalChange> unconfirmedChanges(String runId) {
    return store.inTransaction(
        c ->
            queryChanges(
                c,
                "SELECT "
                    + CHANGE_COLUMNS
                    + " FROM journal_changes WHERE run_id = ? AND write_state = ? ORDER BY id",
                ps -> {
                  ps.setString(1, runId);
                  ps.setString(2, WriteState.INTENDED.name());
                }));
  }

  /** The hosts that have writes journaled as intended and never confirmed, by any run. */
  public List<String> hostsWithUnconfirmedChanges() {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT DISTINCT host FROM journal_changes WHERE write_state = ? ORDER BY host")) {
            ps.setString(1, WriteState.INTENDED.name());
            List<String> hosts = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                hosts.add(rs.getString(1));
              }
            }
            return hosts;
          }
        });
  }

  /**
   * Marks the dead unfinished runs (as seen from {@code thisNode}) {@code interrupted}.
   *
   * @return their ids
   */
  public List<String> markDeadRunsInterrupted(String thisNode) {
    Instant now = store.clock().instant();
    List<String> marked = new ArrayList<>();
    for (UnfinishedRun r : unfinishedRuns()) {
      if (!r.isDead(thisNode, now)) {
        continue;
      }
      int n =
          store.inTransaction(
              c -> {
                try (PreparedStatement ps =
                    c.prepareStatement(
                        "UPDATE runs SET finished_at = ?, status = ?"
                            + " WHERE run_id = ? AND finished_at IS NULL")) {
                  ps.setLong(1, now.toEpochMilli());
                  ps.setString(2, "interrupted");
                  ps.setString(3, r.runId());
                  return ps.executeUpdate();
                }
              });
      if (n == 1) {
        marked.add(r.runId());
      }
    }
    return marked;
  }

  /** Runs that have not recorded an end. */
  public List<UnfinishedRun> unfinishedRuns() {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT run_id, started_at, owner_node, owner_pid, owner_started_at,"
                      + " heartbeat_at FROM runs WHERE finished_at IS NULL")) {
            List<UnfinishedRun> runs = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                String node = rs.getString("owner_node");
                long pid = rs.getLong("owner_pid");
                Optional<RunOwner> owner =
                    node == null
                        ? Optional.empty()
                        : Optional.of(
                            new RunOwner(node, pid, optionalInstant(rs, "owner_started_at")));
                runs.add(
                    new UnfinishedRun(
                        rs.getString("run_id"),
                        owner,
                        Instant.ofEpochMilli(rs.getLong("started_at")),
                        optionalInstant(rs, "heartbeat_at")));
              }
            }
            return runs;
          }
        });
  }

  /**
   * The content a change replaced, from the store's backups (checked against its checksum).
   *
   * @return empty when no backup of that content is stored
   */
  public Optional<byte[]> backup(String sha256) {
    Optional<byte[]> content = store.inTransaction(c -> FileBackups.load(c, sha256));
    if (content.isPresent() && !Sha256.hex(content.get()).equals(sha256)) {
      throw new StateException("the stored backup " + sha256 + " does not match its checksum");
    }
    return content;
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
            return generatedId(ps);
          }
        });
  }

  private static long generatedId(PreparedStatement ps) throws SQLException {
    try (ResultSet keys = ps.getGeneratedKeys()) {
      if (!keys.next()) {
        throw new SQLException("no id returned for the journal change");
      }
      return keys.getLong(1);
    }
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
                      + " AND changed_at <= ? AND"
                      + APPLIED)) {
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
                "SELECT "
                    + CHANGE_COLUMNS
                    + " FROM journal_changes WHERE run_id = ? AND"
                    + APPLIED
                    + " ORDER BY id",
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
                    + " FROM journal_changes WHERE host = ? AND path = ? AND id > ? AND"
                    + APPLIED
                    + " ORDER BY id",
                ps -> {
                  ps.setString(1, change.host());
                  ps.setString(2, change.path());
                  ps.setLong(3, change.sequence());
                }));
  }

  /**
   * The newest applied change of each file on {@code host}, newest first: what the journal says the
   * host holds now and whether it is in use yet.
   */
  public List<JournalChange> latestChanges(String host) {
    return store.inTransaction(
        c ->
            queryChanges(
                c,
                "SELECT "
                    + CHANGE_COLUMNS
                    + " FROM journal_changes j WHERE host = ? AND"
                    + APPLIED
                    + " AND id = (SELECT MAX(id) FROM journal_changes k WHERE k.host = j.host"
                    + " AND k.path = j.path AND k.write_state = j.write_state)"
                    + " ORDER BY id DESC",
                ps -> ps.setString(1, host)));
  }

  /** Changes on {@code host} that still wait for a restart, oldest first. */
  public List<JournalChange> pendingChanges(String host) {
    return store.inTransaction(
        c ->
            queryChanges(
                c,
                "SELECT "
                    + CHANGE_COLUMNS
                    + " FROM journal_changes WHERE host = ? AND effective_state = ? AND"
                    + APPLIED
                    + " ORDER BY id",
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
                  Optional.ofNullable(rs.getString("after_value"))));
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

  private static Optional<Integer> optionalInt(ResultSet rs, String column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of((int) value);
  }

  static Optional<Instant> optionalInstant(ResultSet rs, String column) throws SQLException {
    long millis = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
  }
}
