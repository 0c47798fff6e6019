package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * The store's copy of SQLite's native library: the jar's bytes exactly, private, written once and
 * reused; a copy whose checksum is wrong never takes the name the driver loads.
 */
class SqliteNativeCopyTest {
  @TempDir Path dir;

  private static byte[] jarLibrary() throws Exception {
    String resource =
        LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
    try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
      return in.readAllBytes();
    }
  }

  private Path copy() {
    return SqliteNativeCopy.copyInto(dir.resolve("native")).orElseThrow();
  }

  @Test
  void theCopyHasTheJarsBytesAndIsPrivate() throws Exception {
    Path copy = copy();
    byte[] expected = jarLibrary();
    byte[] actual = Files.readAllBytes(copy);
    assertEquals(expected.length, actual.length);
    assertTrue(
        copy.getFileName().toString().contains(SQLiteJDBCLoader.getVersion()), copy.toString());
    assertTrue(java.util.Arrays.equals(expected, actual));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)));
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(copy.getParent())));
    try (var files = Files.list(copy.getParent())) {
      assertEquals(List.of(copy), files.toList(), "no partial file is left behind");
    }
  }

  @Test
  void aSecondStartReusesTheCopyWithoutWritingIt() throws Exception {
    Path first = copy();
    FileTime old = FileTime.fromMillis(1_000_000L);
    Files.setLastModifiedTime(first, old);
    Path second = copy();
    assertEquals(first, second);
    assertEquals(old, Files.getLastModifiedTime(second));
  }

  @Test
  void aCopyThatFailsItsChecksumIsNeverMovedIntoPlace() throws Exception {
    Path dest = dir.resolve("native/lib.so");
    Files.createDirectories(dest.getParent());
    byte[] library = jarLibrary();
    CRC32 crc = new CRC32();
    crc.update(library);
    byte[] damaged = java.util.Arrays.copyOf(library, library.length / 2);
    assertTrue(
        SqliteNativeCopy.write(
                new java.io.ByteArrayInputStream(damaged), dest.getParent(), dest, crc.getValue())
            .isEmpty());
    assertFalse(Files.exists(dest));
    try (var files = Files.list(dest.getParent())) {
      assertEquals(List.of(), files.toList(), "the partial file is removed");
    }
    assertEquals(
        Optional.of(dest),
        SqliteNativeCopy.write(
            new java.io.ByteArrayInputStream(library), dest.getParent(), dest, crc.getValue()));
  }

  @Test
  void aCopyOthersCouldWriteIsReplacedAndTheirDirectoryNeverUsed() throws Exception {
    Path copy = copy();
    Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-rw-rw-"));
    // a copy others may write is not trusted: a verified private one replaces it
    assertEquals(java.util.Optional.of(copy), SqliteNativeCopy.copyInto(copy.getParent()));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)));
    Files.setPosixFilePermissions(copy.getParent(), PosixFilePermissions.fromString("rwxrwxrwx"));
    assertTrue(
        SqliteNativeCopy.copyInto(copy.getParent()).isEmpty(), "a directory others may write");
    Files.setPosixFilePermissions(copy.getParent(), PosixFilePermissions.fromString("rwx------"));
    Path link = Files.createSymbolicLink(dir.resolve("linked"), copy.getParent());
    assertTrue(SqliteNativeCopy.copyInto(link).isEmpty(), "a directory that is a link");
    assertEquals(java.util.Optional.of(copy), SqliteNativeCopy.copyInto(copy.getParent()));
  }

  @Test
  void aDirectoryThatCannotBeMadeLeavesTheDriversOwnLoading() throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
    assertTrue(SqliteNativeCopy.copyInto(file.resolve("native")).isEmpty());
  }
}
