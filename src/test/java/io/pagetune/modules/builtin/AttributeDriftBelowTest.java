package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.RemoteCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AttributeDriftBelowTest {
  @TempDir Path dir;

  private AttributeDriftBelow.Drift entries(Path top, FileAttributes attrs) {
    AttributeDriftBelow fact = new AttributeDriftBelow(top.toString(), attrs);
    LocalConnection c = new LocalConnection("localhost");
    return fact.parse(c.run(RemoteCommand.script(fact.script()), Duration.ofSeconds(10)));
  }

  private boolean drift(Path top, FileAttributes attrs) {
    return entries(top, attrs).any();
  }

  @Test
  void listsEveryDriftingEntryTheTopIncluded() throws Exception {
    Path top = Files.createDirectories(dir.resolve("t/sub"));
    FileAssertions.write(top.resolve("f"), "x", "rw-r--r--");
    FileAssertions.write(top.resolve("g"), "x", "rw-------");
    Files.setPosixFilePermissions(
        top, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    Files.setPosixFilePermissions(
        dir.resolve("t"), java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    AttributeDriftBelow.Drift drift =
        entries(dir.resolve("t"), new FileAttributes(0600, null, null));
    assertEquals(
        java.util.Set.of(dir.resolve("t").toString(), top.resolve("f").toString()),
        java.util.Set.copyOf(drift.paths()),
        drift.toString());
  }

  @Test
  void aNameHoldingANewlineRefusesTheTree() throws Exception {
    Path top = Files.createDirectory(dir.resolve("t"));
    FileAssertions.write(top.resolve("evil\netc"), "x", "rw-r--r--");
    AttributeDriftBelow.Drift drift = entries(top, new FileAttributes(0600, null, null));
    assertTrue(drift.problem().isPresent(), drift.toString());
    assertTrue(drift.paths().isEmpty(), drift.toString());
  }

  @Test
  void findsAFileBelowWithAnotherMode() throws Exception {
    Path top = Files.createDirectories(dir.resolve("t/sub"));
    FileAssertions.write(top.resolve("f"), "x", "rwxr-xr-x");
    Files.setPosixFilePermissions(
        top, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(
        dir.resolve("t"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    assertFalse(drift(dir.resolve("t"), new FileAttributes(0755, null, null)));
    FileAssertions.write(top.resolve("g"), "x", "rw-------");
    assertTrue(drift(dir.resolve("t"), new FileAttributes(0755, null, null)));
  }

  @Test
  void symlinksBelowAreIgnored() throws Exception {
    Path top = Files.createDirectory(dir.resolve("t"));
    Files.setPosixFilePermissions(
        top, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    Files.createSymbolicLink(top.resolve("l"), Path.of("/"));
    assertFalse(drift(top, new FileAttributes(0700, null, null)));
  }

  @Test
  void relativePathsCannotBecomeFindExpressions() {
    String script =
        new AttributeDriftBelow("-delete", new FileAttributes(0755, null, null)).script();
    assertTrue(script.startsWith("find ./-delete "), script);
  }

  @Test
  void nothingAskedMeansNoDrift() {
    assertEquals("true", new AttributeDriftBelow("/x", FileAttributes.KEEP).script());
  }
}
