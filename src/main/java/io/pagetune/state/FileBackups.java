package io.pagetune.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The contents journaled changes replaced, addressed by their SHA-256 and gzip-compressed: the same
 * content is stored once however many runs replace it.
 */
public final class FileBackups {
  private final StateStore store;

  FileBackups(StateStore store) {
    this.store = store;
  }

  /**
   * The content a change replaced (checked against its checksum).
   *
   * @return empty when no backup of that content is stored
   */
  public Optional<byte[]> find(String sha256) {
    Optional<byte[]> content = store.inTransaction(c -> load(c, sha256));
    if (content.isPresent() && !Sha256.hex(content.get()).equals(sha256)) {
      throw new StateException("the stored backup " + sha256 + " does not match its checksum");
    }
    return content;
  }

  static void store(Connection c, String sha256, byte[] content, long now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO file_backups (sha256, size, content_gz, created_at) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT (sha256) DO NOTHING")) {
      ps.setString(1, sha256);
      ps.setLong(2, content.length);
      ps.setBytes(3, gzip(content));
      ps.setLong(4, now);
      ps.executeUpdate();
    }
  }

  static Optional<byte[]> load(Connection c, String sha256) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT content_gz FROM file_backups WHERE sha256 = ?")) {
      ps.setString(1, sha256);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(gunzip(rs.getBytes(1))) : Optional.empty();
      }
    }
  }

  private static byte[] gzip(byte[] content) {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(buf)) {
      gz.write(content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buf.toByteArray();
  }

  private static byte[] gunzip(byte[] compressed) {
    try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
      return gz.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("a stored backup is corrupt: " + e.getMessage(), e);
    }
  }
}
