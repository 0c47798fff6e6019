package io.pagetune.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;

/**
 * Recording the journal's change rows: a write journaled before it reaches the host (INTENDED, with
 * the backup of what it replaces) and confirmed once it is in place; an applied change recorded at
 * once; and a verified restart that makes the pending changes of its host effective.
 */
public final class JournalWrites {
  private final StateStore store;

  JournalWrites(StateStore store) {
    this.store = store;
  }

  /**
   * Journals a write before it reaches the host: the row (INTENDED) and the backup of what it
   * replaces, in one transaction. {@link #confirm} marks it applied once the file is in place; a
   * run that dies in between leaves it for {@link UnconfirmedChanges#orphaned} to reconcile.
   *
   * @return the change's sequence number
   */
  public long intend(IntendedChange change) {
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
            bindIntended(ps, change);
            ps.executeUpdate();
            return JournalRows.generatedId(ps);
          }
        });
  }

  private static void bindIntended(PreparedStatement ps, IntendedChange change)
      throws SQLException {
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
  }

  /**
   * The write of an INTENDED change landed on the host.
   *
   * @return false when the change is not (any more) intended
   */
  public boolean confirm(long sequence) {
    return JournalRows.settleIntended(
        store, sequence, WriteState.APPLIED, null, store.clock().instant());
  }

  /** Confirms several INTENDED changes in one transaction (the writes of one task). */
  public void confirmAll(Collection<Long> sequences) {
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
          JournalRows.heartbeatOfChange(c, sequences.iterator().next(), now);
          return null;
        });
  }

  private static void heartbeat(Connection c, String runId, Instant at) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("UPDATE runs SET heartbeat_at = ? WHERE run_id = ?")) {
      ps.setLong(1, at.toEpochMilli());
      ps.setString(2, runId);
      ps.executeUpdate();
    }
  }

  /** Records an applied change that needs no restart: it is effective at once. */
  public long recordApplied(
      String runId,
      String host,
      String task,
      String path,
      String beforeSha256,
      String afterSha256,
      String backupPath,
      Instant at) {
    return recordApplied(
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
  public long recordApplied(
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
            return JournalRows.generatedId(ps);
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
                      + " AND changed_at <= ? AND"
                      + JournalRows.APPLIED)) {
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
}
