package io.pagetune.state;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;

/**
 * The store's secret for signing saved plans: 32 random bytes made on first use and kept in the
 * store (which is private to its owner), never in a plan file. Every control node sharing a
 * PostgreSQL store signs and checks with the same key.
 *
 * <p>The table is created here when missing rather than by a migration: it holds one row and no
 * other table refers to it, so it needs no schema version of its own.
 */
public final class PlanKeys {
  private static final int KEY_BYTES = 32;
  private final StateStore store;

  public PlanKeys(StateStore store) {
    this.store = store;
  }

  /** The key, made and stored if this store has none yet (concurrent callers get the same one). */
  public byte[] key() {
    return store.inTransaction(
        c -> {
          try (Statement s = c.createStatement()) {
            s.execute(
                "CREATE TABLE IF NOT EXISTS plan_signing_key"
                    + " (id INTEGER PRIMARY KEY, key_hex VARCHAR(64) NOT NULL)");
          }
          byte[] fresh = new byte[KEY_BYTES];
          new SecureRandom().nextBytes(fresh);
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO plan_signing_key (id, key_hex) VALUES (1, ?)"
                      + " ON CONFLICT (id) DO NOTHING")) {
            ps.setString(1, HexFormat.of().formatHex(fresh));
            ps.executeUpdate();
          }
          return stored(c);
        });
  }

  private static byte[] stored(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT key_hex FROM plan_signing_key WHERE id = 1")) {
      if (!rs.next()) {
        throw new SQLException("the plan signing key was not stored");
      }
      return HexFormat.of().parseHex(rs.getString(1));
    }
  }
}
