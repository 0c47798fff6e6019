package io.pagetune.state;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Keeps one idle connection to an SQLite store open while the store is in use. Every transaction
 * opens its own connection; without this one, each commit would close the last connection, and
 * SQLite then checkpoints and removes the write-ahead log, an fsync per journaled change.
 */
final class WalKeeper {
  private Connection idle;

  synchronized void keep(DataSource dataSource) {
    if (idle != null) {
      return;
    }
    try {
      idle = dataSource.getConnection();
    } catch (SQLException e) {
      // only a speed-up: every transaction still opens its own connection
      idle = null;
    }
  }

  synchronized void release() {
    if (idle == null) {
      return;
    }
    try {
      idle.close();
    } catch (SQLException ignored) {
      // closing an idle connection; nothing was pending on it
    }
    idle = null;
  }
}
