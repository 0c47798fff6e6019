package io.pagetune.schedule.queue;

import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.RestartTarget;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The SQL the queue's parts share: reading intent rows and running parameterised statements. */
final class IntentRows {
  static final String SELECT =
      "SELECT id, kind, host, target_id, target_key, hosts, group_name, reason, run_id, created_at,"
          + " due_at, expected_duration_ms, status, attempts, result, started_at, finished_at"
          + " FROM restart_intents";

  /** The statement that ends a queued intent with a status and a note. */
  static final String END_QUEUED =
      "UPDATE restart_intents SET status = ?, result = ?, finished_at = ?, updated_at = ?"
          + " WHERE id = ? AND status = ?";

  private IntentRows() {}

  static Optional<RestartIntent> find(Connection c, RestartCatalog kinds, String id)
      throws SQLException {
    return select(c, kinds, SELECT + " WHERE id = ?", id).stream().findFirst();
  }

  /** The queued intent stored under the dedup key {@code key}, if any. */
  static Optional<RestartIntent> findQueued(Connection c, RestartCatalog kinds, String key)
      throws SQLException {
    return select(
            c,
            kinds,
            SELECT + " WHERE target_key = ? AND status = ?",
            key,
            IntentStatus.QUEUED.name())
        .stream()
        .findFirst();
  }

  /** The intents {@code sql} selects, their targets named and scoped as {@code kinds} declare. */
  static List<RestartIntent> select(
      Connection c, RestartCatalog kinds, String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      List<RestartIntent> intents = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          intents.add(read(rs, kinds));
        }
      }
      return intents;
    }
  }

  static int update(Connection c, String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      return ps.executeUpdate();
    }
  }

  static long scalar(Connection c, String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException("no row for: " + sql);
        }
        return rs.getLong(1);
      }
    }
  }

  private static void bind(PreparedStatement ps, Object... params) throws SQLException {
    for (int i = 0; i < params.length; i++) {
      Object p = params[i];
      if (p == null) {
        ps.setNull(i + 1, Types.VARCHAR);
      } else if (p instanceof String s) {
        ps.setString(i + 1, s);
      } else if (p instanceof Long l) {
        ps.setLong(i + 1, l);
      } else if (p instanceof Integer n) {
        ps.setInt(i + 1, n);
      } else {
        throw new IllegalArgumentException("unsupported parameter " + p.getClass());
      }
    }
  }

  private static RestartIntent read(ResultSet rs, RestartCatalog kinds) throws SQLException {
    RestartTarget target =
        kinds.stored(
            rs.getString("kind"),
            rs.getString("host"),
            rs.getString("target_id"),
            rs.getString("target_key"));
    return new RestartIntent(
        rs.getString("id"),
        target,
        Arrays.asList(rs.getString("hosts").split(",")),
        rs.getString("group_name"),
        rs.getString("reason"),
        rs.getString("run_id"),
        Instant.ofEpochMilli(rs.getLong("created_at")),
        Instant.ofEpochMilli(rs.getLong("due_at")),
        Duration.ofMillis(rs.getLong("expected_duration_ms")),
        IntentStatus.valueOf(rs.getString("status")),
        rs.getInt("attempts"),
        Optional.ofNullable(rs.getString("result")),
        optionalInstant(rs, "started_at"),
        optionalInstant(rs, "finished_at"));
  }

  private static Optional<Instant> optionalInstant(ResultSet rs, String column)
      throws SQLException {
    long millis = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
  }
}
