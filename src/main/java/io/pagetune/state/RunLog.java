package io.pagetune.state;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The runs of the journal: when each started, by whom and which process, how it ended; and the
 * unfinished runs whose process is gone, which a later run marks {@code interrupted}.
 */
public final class RunLog {
  private static final String SELECT_RUNS =
      "SELECT run_id, playbook, started_by, check_mode, started_at, finished_at, status FROM runs";

  private final StateStore store;

  RunLog(StateStore store) {
    this.store = store;
  }

  /** Records the start of a run by this process; the start time comes from the store's clock. */
  public void start(String runId, String playbook, String user, boolean checkMode) {
    start(runId, playbook, user, checkMode, RunOwner.current());
  }

  /** Records the start of a run by {@code owner}, so that a later run can tell when it died. */
  public void start(String runId, String playbook, String user, boolean checkMode, RunOwner owner) {
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
   * Records how a run ended ("ok", "failed", "unreachable"…).
   *
   * @return false when no such run was started
   */
  public boolean finish(String runId, String status) {
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

  /** All runs, newest first. */
  public List<RunRecord> list() {
    return list(Integer.MAX_VALUE);
  }

  /** The newest {@code limit} runs, newest first. */
  public List<RunRecord> list(int limit) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(SELECT_RUNS + " ORDER BY started_at DESC, run_id DESC LIMIT ?")) {
            ps.setInt(1, limit);
            return readRuns(ps);
          }
        });
  }

  public Optional<RunRecord> find(String runId) {
    List<RunRecord> runs =
        store.inTransaction(
            c -> {
              try (PreparedStatement ps = c.prepareStatement(SELECT_RUNS + " WHERE run_id = ?")) {
                ps.setString(1, runId);
                return readRuns(ps);
              }
            });
    return runs.stream().findFirst();
  }

  /** Runs that have not recorded an end. */
  public List<UnfinishedRun> unfinished() {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT run_id, started_at, owner_node, owner_pid, owner_started_at,"
                      + " heartbeat_at FROM runs WHERE finished_at IS NULL")) {
            List<UnfinishedRun> runs = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                runs.add(unfinishedRun(rs));
              }
            }
            return runs;
          }
        });
  }

  private static UnfinishedRun unfinishedRun(ResultSet rs) throws SQLException {
    String node = rs.getString("owner_node");
    long pid = rs.getLong("owner_pid");
    Optional<RunOwner> owner =
        node == null
            ? Optional.empty()
            : Optional.of(
                new RunOwner(node, pid, JournalRows.optionalInstant(rs, "owner_started_at")));
    return new UnfinishedRun(
        rs.getString("run_id"),
        owner,
        Instant.ofEpochMilli(rs.getLong("started_at")),
        JournalRows.optionalInstant(rs, "heartbeat_at"));
  }

  /**
   * The unfinished runs that are dead as seen from {@code thisNode}: what a later run would mark
   * {@code interrupted}, read without writing anything.
   */
  public Set<String> dead(String thisNode) {
    Instant now = store.clock().instant();
    Set<String> dead = new LinkedHashSet<>();
    for (UnfinishedRun r : unfinished()) {
      if (r.isDead(thisNode, now)) {
        dead.add(r.runId());
      }
    }
    return dead;
  }

  /**
   * Marks the dead unfinished runs (as seen from {@code thisNode}) {@code interrupted}.
   *
   * @return their ids
   */
  public List<String> markDeadInterrupted(String thisNode) {
    Instant now = store.clock().instant();
    List<String> marked = new ArrayList<>();
    for (UnfinishedRun r : unfinished()) {
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
                JournalRows.optionalInstant(rs, "finished_at"),
                Optional.ofNullable(rs.getString("status"))));
      }
    }
    return runs;
  }
}
