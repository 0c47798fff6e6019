package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileSizeLimit;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatModuleTest {
  @TempDir Path dir;

  private ModuleHarness harness() {
    return new ModuleHarness(new StatModule(), dir);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> stat(Plan plan) {
    return (Map<String, Object>) plan.data().get("stat");
  }

  @Test
  void aRegularFileHasAnsiblesKeysAndItsSha1() {
    Path f = write(dir.resolve("limits.conf"), "oracle - memlock unlimited\n", "rw-r-----");
    Plan plan = harness().plan(Map.of("path", f.toString()));
    ModuleHarness.assertUpToDate(plan);
    Map<String, Object> stat = stat(plan);
    assertEquals(true, stat.get("exists"));
    assertEquals(true, stat.get("isreg"));
    assertEquals(false, stat.get("isdir"));
    assertEquals(false, stat.get("islnk"));
    assertEquals("0640", stat.get("mode"));
    assertEquals(27L, stat.get("size"));
    assertEquals(true, stat.get("rgrp"));
    assertEquals(false, stat.get("roth"));
    assertEquals(System.getProperty("user.name"), stat.get("pw_name"));
    assertEquals(40, ((String) stat.get("checksum")).length());
  }

  @Test
  void checksumMatchesSha1sum() throws Exception {
    Path f = write(dir.resolve("a"), "hugepages\n", "rw-r--r--");
    Process p = new ProcessBuilder("sha1sum", f.toString()).start();
    String expected = new String(p.getInputStream().readAllBytes()).split(" ")[0];
    p.waitFor();
    assertEquals(expected, stat(harness().plan(Map.of("path", f.toString()))).get("checksum"));
    Process p256 = new ProcessBuilder("sha256sum", f.toString()).start();
    String expected256 = new String(p256.getInputStream().readAllBytes()).split(" ")[0];
    p256.waitFor();
    assertEquals(
        expected256,
        stat(harness().plan(Map.of("path", f.toString(), "checksum_algorithm", "sha256")))
            .get("checksum"));
  }

  @Test
  void aMissingPathSaysExistsFalse() {
    Plan plan = harness().plan(Map.of("path", dir.resolve("nope").toString()));
    ModuleHarness.assertUpToDate(plan);
    assertEquals(Map.of("exists", false), stat(plan));
  }

  @Test
  void aDirectoryIsDirAndHasNoChecksum() {
    Map<String, Object> stat = stat(harness().plan(Map.of("path", dir.toString())));
    assertEquals(true, stat.get("isdir"));
    assertEquals(false, stat.containsKey("checksum"));
  }

  @Test
  void aSymlinkIsALinkUnlessFollowed() throws Exception {
    Path target = write(dir.resolve("real"), "x\n", "rw-------");
    Path link = Files.createSymbolicLink(dir.resolve("link"), target);
    Map<String, Object> lnk = stat(harness().plan(Map.of("path", link.toString())));
    assertEquals(true, lnk.get("islnk"));
    assertEquals(false, lnk.containsKey("checksum"));
    Map<String, Object> followed =
        stat(harness().plan(Map.of("path", link.toString(), "follow", true)));
    assertEquals(false, followed.get("islnk"));
    assertEquals(true, followed.get("isreg"));
    assertEquals("0600", followed.get("mode"));
    assertEquals(target.toRealPath().toString(), followed.get("lnk_source"));
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("gone"));
    assertEquals(
        Map.of("exists", false),
        stat(harness().plan(Map.of("path", dangling.toString(), "follow", true))));
  }

  @Test
  void applyingChangesNothingAndReturnsTheSameKeys() {
    Path f = write(dir.resolve("f"), "a\n", "rw-r--r--");
    String before = ModuleHarness.treeHash(dir);
    ApplyResult r = harness().apply(Map.of("path", f.toString()));
    assertEquals(false, r.changed());
    assertEquals(before, ModuleHarness.treeHash(dir));
    assertTrue(r.data().containsKey("stat"));
  }

  @Test
  void aFileOverTheReadLimitFailsWithTheVariableToRaise() {
    Path f = write(dir.resolve("big"), "0123456789", "rw-r--r--");
    StatModule module = new StatModule();
    ModuleHarness h = harness();
    FileSizeLimit limit = new FileSizeLimit(4, SourceLocation.of("p.yml"), "task 'x': stat");
    var host =
        new io.pagetune.modules.LiveHostState(
            new io.pagetune.connection.LocalConnection("localhost"),
            io.pagetune.connection.Become.NONE,
            java.time.Duration.ofSeconds(5),
            new io.pagetune.facts.FactCache(),
            limit);
    InputException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            InputException.class, () -> module.plan(h.call(Map.of("path", f.toString())), host));
    assertTrue(e.getMessage().contains(FileSizeLimit.VARIABLE), e.getMessage());
    // without a checksum nothing is read, so the limit does not apply
    assertEquals(
        10L,
        stat(module.plan(h.call(Map.of("path", f.toString(), "get_checksum", false)), host))
            .get("size"));
  }

  @Test
  void badArgumentsAreRefused() {
    harness().assertRejected(Map.of("path", "/x", "checksum_algorithm", "crc32"), "crc32");
    harness().assertRejected(Map.of("path", "/x", "get_md5", true), "unknown argument 'get_md5'");
    harness().assertRejected(Map.of("follow", true), "missing required argument 'path'");
  }
}
