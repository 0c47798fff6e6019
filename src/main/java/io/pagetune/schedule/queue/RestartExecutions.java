package io.pagetune.schedule.queue;

import io.pagetune.state.StateStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The db-scheduler executions of restart intents ({@value #TASK_NAME}, instance id = intent id):
 * written beside the intent rows in the same transactions, and what run-due asks about them.
 */
final class RestartExecutions {
  static final String TASK_NAME = "pagetune-restart";

  private final StateStore store;

  RestartExecutions(StateStore store) {
    this.store = store;
  }

  /** An execution a scheduler has picked and not finished. */
  record Picked(String id, String pickedBy, long version) {}

  static void insert(Connection c, String id, Instant due) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO scheduled_tasks (task_name, task_instance, task_data, execution_time,"
                + " picked, picked_by, consecutive_failures, version, priority)"
                + " VALUES (?, ?, NULL, ?, ?, NULL, 0, 1, 0)")) {
      ps.setString(1, TASK_NAME);
      ps.setString(2, id);
      ps.setTimestamp(3, Timestamp.from(due));
      ps.setBoolean(4, false);
      ps.executeUpdate();
    }
  }

  /** Moves an execution nobody has picked to {@code due}; a picked one reschedules itself. */
  static void move(Connection c, String id, Instant due) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE scheduled_tasks SET execution_time = ?, version = version + 1"
                + " WHERE task_name = ? AND task_instance = ? AND picked = ?")) {
      ps.setTimestamp(1, Timestamp.from(due));
      ps.setString(2, TASK_NAME);
      ps.setString(3, id);
      ps.setBoolean(4, false);
      ps.executeUpdate();
    }
  }

  /** Removes an execution nobody has picked; a picked one finds its intent final and ends. */
  static void delete(Connection c, String id) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "DELETE FROM scheduled_tasks WHERE task_name = ? AND task_instance = ? AND picked = ?")) {
      ps.setString(1, TASK_NAME);
      ps.setString(2, id);
      ps.setBoolean(3, false);
      ps.executeUpdate();
    }
  }

  /** The executions some scheduler has picked and not finished. */
  List<Picked> picked() {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT task_instance, picked_by, version FROM scheduled_tasks"
                      + " WHERE task_name = ? AND picked = ?")) {
            ps.setString(1, TASK_NAME);
            ps.setBoolean(2, true);
            List<Picked> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(new Picked(rs.getString(1), rs.getString(2), rs.getLong(3)));
              }
            }
            return out;
          }
        });
  }

  /**
   * A picked execution whose process is gone: unpicked and due at {@code now} when its intent is
   * queued again, else removed. Only while that pick still holds it.
   */
  void releasePick(Picked p, boolean requeued, Instant now) {
    store.inTransaction(
        c -> {
          String where =
              " WHERE task_name = ? AND task_instance = ? AND picked_by = ? AND version = ?";
          try (PreparedStatement ps =
              c.prepareStatement(
                  requeued
                      ? "UPDATE scheduled_tasks SET picked = ?, picked_by = NULL,"
                          + " last_heartbeat = NULL, execution_time = ?, version = version + 1"
                          + where
                      : "DELETE FROM scheduled_tasks" + where)) {
            int i = 1;
            if (requeued) {
              ps.setBoolean(i++, false);
              ps.setTimestamp(i++, Timestamp.from(now));
            }
            ps.setString(i++, TASK_NAME);
            ps.setString(i++, p.id());
            ps.setString(i++, p.pickedBy());
            ps.setLong(i, p.version());
            return ps.executeUpdate();
          }
        });
  }

  /**
   * Due executions nobody has picked, or that scheduler {@code name} picked and has not finished.
   */
  long workFor(String name, Instant horizon) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT count(*) FROM scheduled_tasks WHERE task_name = ?"
                      + " AND execution_time <= ? AND (picked = ? OR picked_by = ?)")) {
            ps.setString(1, TASK_NAME);
            ps.setTimestamp(2, Timestamp.from(horizon));
            ps.setBoolean(3, false);
            ps.setString(4, name);
            try (ResultSet rs = ps.executeQuery()) {
              rs.next();
              return rs.getLong(1);
            }
          }
        });
  }
}
