package io.pagetune.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * Damages one page of an SQLite state store as a torn write or a bad disk block would: the leftmost
 * leaf of a table's b-tree, which appends (new rows go to the rightmost leaf) never read.
 */
public final class DamagedPages {
  private static final int INTERIOR_TABLE_PAGE = 0x05;

  private DamagedPages() {}

  /**
   * Overwrites the first leaf page of {@code table} in the (closed) store at {@code db}.
   *
   * @return the damaged page's number
   */
  public static long damageFirstLeaf(Path db, String table) throws SQLException, IOException {
    long root;
    int pageSize;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      // every committed page into the main file, so the damage is not masked by the WAL
      s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      pageSize = intOf(s, "PRAGMA page_size");
      root =
          intOf(
              s,
              "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'");
    }
    try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
      long rootOffset = (root - 1) * pageSize;
      file.seek(rootOffset);
      if (file.read() != INTERIOR_TABLE_PAGE) {
        throw new IllegalStateException(table + " fits in one page: add rows first");
      }
      file.seek(rootOffset + 12); // the first cell pointer follows the 12-byte interior header
      int firstCell = file.readUnsignedShort();
      file.seek(rootOffset + firstCell);
      long leaf = file.readInt() & 0xffffffffL;
      byte[] garbage = new byte[pageSize];
      Arrays.fill(garbage, (byte) 0x2a);
      file.seek((leaf - 1) * pageSize);
      file.write(garbage);
      return leaf;
    }
  }

  private static int intOf(Statement s, String sql) throws SQLException {
    try (ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getInt(1);
    }
  }
}
