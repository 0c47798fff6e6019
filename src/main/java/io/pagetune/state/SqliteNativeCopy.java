package io.pagetune.state;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * Keeps one copy of SQLite's native library in the store's private directory and points the driver
 * at it. Left alone, the driver starts {@code uname -o} to tell Android apart, writes the library
 * (about 1 MB) to the temp directory and compares it with the jar's byte by byte, one read call per
 * byte, on every start: about a sixth of a one-host run's CPU. The copy is named after the driver's
 * version and the JVM's OS and architecture, written under a temporary name, checked against the
 * jar entry's CRC-32 and only then moved into place, so a half-written copy is never loaded. A copy
 * the JVM cannot load (a home directory shared by machines with another C library) makes the driver
 * fall back to its own extraction. A directory or copy that another user could write, or a link, is
 * never used: loading a library runs its code. Anything unexpected (no such resource, an unwritable
 * directory) leaves the driver's own loading as it was.
 */
final class SqliteNativeCopy {
  /** The driver's switches: load {@code lib.name} from {@code lib.path} instead of extracting. */
  static final String PATH_PROPERTY = "org.sqlite.lib.path";

  static final String NAME_PROPERTY = "org.sqlite.lib.name";

  private SqliteNativeCopy() {}

  /**
   * Makes sure a verified copy of the library is in {@code dir}/native and tells the driver to load
   * it; the JVM loads the library once, so only the first store opened in a JVM matters.
   */
  static void useFrom(Path storeDirectory) {
    if (System.getProperty(PATH_PROPERTY) != null) {
      return; // the user chose where the library comes from
    }
    copyInto(storeDirectory.resolve("native"))
        .ifPresent(
            copy -> {
              System.setProperty(PATH_PROPERTY, copy.getParent().toString());
              System.setProperty(NAME_PROPERTY, copy.getFileName().toString());
            });
  }

  /** The verified copy in {@code dir}, written if missing; empty when there is none to make. */
  static Optional<Path> copyInto(Path dir) {
    String name = LibraryLoaderUtil.getNativeLibName();
    Path copy =
        dir.resolve(
            String.join(
                "-",
                "sqlite",
                SQLiteJDBCLoader.getVersion(),
                safe(System.getProperty("os.name")),
                safe(System.getProperty("os.arch")),
                name));
    try {
      if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !onlyTheOwnerWrites(dir)) {
        return Optional.empty(); // a library others could swap is never loaded
      }
      if (Files.isRegularFile(copy, LinkOption.NOFOLLOW_LINKS)
          && Files.size(copy) > 0
          && onlyTheOwnerWrites(copy)) {
        return Optional.of(copy); // only a verified, whole copy is ever moved to this name
      }
      URL url =
          SQLiteJDBCLoader.class.getResource(
              LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name);
      if (url == null) {
        return Optional.empty();
      }
      URLConnection connection = url.openConnection();
      if (!(connection instanceof JarURLConnection jar)) {
        return Optional.empty();
      }
      connection.setUseCaches(false);
      JarEntry entry = jar.getJarEntry();
      if (entry.getCrc() < 0) {
        return Optional.empty();
      }
      try (InputStream in = connection.getInputStream()) {
        return write(in, dir, copy, entry.getCrc());
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // the driver extracts its own copy, as it always did
    }
  }

  /** Owned by this user, not a link, and writable by nobody else. */
  private static boolean onlyTheOwnerWrites(Path p) throws IOException {
    PosixFileAttributes attrs = PrivateStore.attributes(p);
    return !attrs.isSymbolicLink()
        && PrivateStore.mine(p, attrs)
        && !PrivateStore.othersMayWrite(attrs.permissions());
  }

  private static String safe(String property) {
    return property == null ? "unknown" : property.replaceAll("[^A-Za-z0-9_.]", "_");
  }

  static Optional<Path> write(InputStream in, Path dir, Path copy, long crc) throws IOException {
    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PrivateStore.OWNER_ONLY_DIR));
    Path temp =
        Files.createTempFile(
            dir,
            ".partial-",
            "",
            PosixFilePermissions.asFileAttribute(PrivateStore.OWNER_ONLY_FILE));
    try {
      CRC32 check = new CRC32();
      try (OutputStream out = Files.newOutputStream(temp)) {
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) {
          check.update(buffer, 0, n);
          out.write(buffer, 0, n);
        }
      }
      if (check.getValue() != crc) {
        return Optional.empty();
      }
      try {
        Files.move(temp, copy, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      return Optional.of(copy);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
