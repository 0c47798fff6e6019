package io.pagetune.state;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reconciling the writes journaled as intended and never confirmed: which a dead or finished run
 * left behind, and how each is settled once the host was read (confirmed through {@link
 * JournalWrites#confirm}, dropped, or kept as diverged).
 */
public final class UnconfirmedChanges {
  private final StateStore store;

  UnconfirmedChanges(StateStore store) {
    this.store = store;
  }

  /**
   * INTENDED changes on {@code host} whose run is over: finished, or dead (see {@link
   * UnfinishedRun#isDead}), as seen from {@code thisNode}. Oldest first.
   */
  public List<JournalChange> orphaned(String host, String thisNode) {
    RunLog runs = new RunLog(store);
    Set<String> dead = runs.dead(thisNode);
    List<JournalChange> intended =
        JournalRows.changes(
            store,
            "WHERE host = ? AND write_state = ? ORDER BY id",
            ps -> {
              ps.setString(1, host);
              ps.setString(2, WriteState.INTENDED.name());
            });
    Set<String> finished = new HashSet<>();
    for (JournalChange change : intended) {
      if (runs.find(change.runId()).flatMap(RunRecord::finishedAt).isPresent()) {
        finished.add(change.runId());
      }
    }
    return intended.stream()
        .filter(ch -> finished.contains(ch.runId()) || dead.contains(ch.runId()))
        .toList();
  }

  /** The writes of {@code runId} journaled as intended and never confirmed, oldest first. */
  public List<JournalChange> ofRun(String runId) {
    return JournalRows.changes(
        store,
        "WHERE run_id = ? AND write_state = ? ORDER BY id",
        ps -> {
          ps.setString(1, runId);
          ps.setString(2, WriteState.INTENDED.name());
        });
  }

  /** The hosts that have writes journaled as intended and never confirmed, by any run. */
  public List<String> hosts() {
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
   * A dead run's write that the host shows neither before nor after: kept for the record, never
   * rolled back.
   */
  public boolean markDiverged(long sequence, String detail) {
    return JournalRows.settleIntended(
        store, sequence, WriteState.DIVERGED, detail, store.clock().instant());
  }

  /** An INTENDED change that never reached the host. */
  public boolean drop(long sequence) {
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
}
