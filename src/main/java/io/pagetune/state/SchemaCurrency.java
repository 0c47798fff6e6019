package io.pagetune.state;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Whether a store's schema already has every migration this build ships, read with one query.
 * Starting Flyway (and the JSON library it loads) costs about half a second and 30 MB on every run,
 * while the schema changes only when pagetune is upgraded: then, or on a new or damaged store,
 * Flyway runs as before and validates what it finds.
 */
final class SchemaCurrency {
  /** The highest {@code V<n>__*.sql} in both migration folders (a test keeps this true). */
  static final int LATEST_MIGRATION = 7;

  private SchemaCurrency() {}

  static boolean current(DataSource dataSource) {
    java.util.Set<Integer> applied = new java.util.HashSet<>();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT version, success FROM flyway_schema_history WHERE version IS NOT NULL")) {
      while (r.next()) {
        int version = Integer.parseInt(r.getString(1));
        if (!r.getBoolean(2) || version > LATEST_MIGRATION) {
          return false; // a failed migration, or a store written by a newer build
        }
        applied.add(version);
      }
    } catch (SQLException | NumberFormatException e) {
      return false; // no history table yet, or a store Flyway must look at
    }
    for (int v = 1; v <= LATEST_MIGRATION; v++) {
      if (!applied.contains(v)) {
        return false;
      }
    }
    return true;
  }
}
