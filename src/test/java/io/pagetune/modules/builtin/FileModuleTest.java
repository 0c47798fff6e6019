package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.owner;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileModuleTest {
  @TempDir Path dir;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness = new ModuleHarness(new FileModule(), dir);
  }

  private static List<String> argv(Plan plan, int i) {
    return assertInstanceOf(Step.Exec.class, plan.steps().get(i)).command().argv();
  }

  @Test
  void directoryIsCreatedWithMkdirAndItsMode() {
    Path d = dir.resolve("a/b/c");
    Map<String, Object> args = Map.of("path", d.toString(), "state", "directory", "mode", "0750");
    Plan plan = harness.plan(args);
    assertEquals(List.of("mkdir", "-p", "--", d.toString()), argv(plan, 0));
    assertEquals(List.of("chmod", "0750", "--", d.toString()), argv(plan, 1));
    harness.assertConverges(args);
    assertTrue(Files.isDirectory(d));
    assertEquals("rwxr-x---", mode(d));
  }

  @Test
  void existingDirectoryWithoutAttributesIsUpToDate() {
    ModuleHarness.assertUpToDate(
        harness.plan(Map.of("path", dir.toString(), "state", "directory")));
  }

  @Test
  void recurseFixesOnlyTheEntriesBelowThatDiffer() throws Exception {
    Path top = Files.createDirectory(dir.resolve("top"));
    Files.setPosixFilePermissions(
        top, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    Path inner = Files.createDirectory(top.resolve("inner"));
    Files.setPosixFilePermissions(
        inner, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    Path file = write(inner.resolve("f"), "x", "rwx------");
    Map<String, Object> args =
        Map.of("path", top.toString(), "state", "directory", "mode", "0755", "recurse", true);
    Plan plan = harness.plan(args);
    assertEquals(List.of("chmod", "0755", "--", file.toString()), argv(plan, 0));
    assertEquals(1, plan.steps().size(), plan.steps().toString());
    harness.assertConverges(args);
    assertEquals("rwxr-xr-x", mode(file));
  }

  @Test
  void recurseAboveTheEntryLimitIsRefusedUnlessTheTaskAcceptsOneUnjournaledCommand()
      throws Exception {
    Path top = Files.createDirectory(dir.resolve("top"));
    for (int i = 0; i <= RecursiveAttributes.MAX_ENTRIES; i++) {
      write(top.resolve("f" + i), "x", "rw-------");
    }
    Map<String, Object> args =
        Map.of("path", top.toString(), "state", "directory", "mode", "0644", "recurse", true);
    Plan refused = harness.plan(args);
    assertTrue(
        refused.failure().orElse("").contains("refusing to change 1002 entries below " + top),
        refused.toString());
    Map<String, Object> accepted = new java.util.HashMap<>(args);
    accepted.put(FileModule.ACCEPT_UNJOURNALED, true);
    assertEquals(
        List.of("chmod", "-R", "0644", "--", top.toString()), argv(harness.plan(accepted), 0));
  }

  @Test
  void fileStateFixesModeOfAnExistingFile() {
    Path f = write(dir.resolve("f"), "x", "rw-rw-rw-");
    harness.assertConverges(Map.of("path", f.toString(), "mode", "0640"));
    assertEquals("rw-r-----", mode(f));
  }

  @Test
  void fileStateDoesNotCreate() {
    Plan plan = harness.plan(Map.of("path", dir.resolve("missing").toString()));
    assertTrue(plan.failure().get().contains("does not exist"));
    Plan onDir = harness.plan(Map.of("path", dir.toString(), "state", "file"));
    assertTrue(onDir.failure().get().contains("is a directory, not a file"));
  }

  @Test
  void touchCreatesOnceAndThenOnlyFixesAttributes() {
    Path f = dir.resolve("flag");
    harness.assertConverges(Map.of("path", f.toString(), "state", "touch", "mode", "0600"));
    assertEquals("rw-------", mode(f));
    assertEquals(0, f.toFile().length());
    // the documented deviation from Ansible: an existing file is not touched again
    ModuleHarness.assertUpToDate(harness.plan(Map.of("path", f.toString(), "state", "touch")));
    harness.assertConverges(Map.of("path", f.toString(), "state", "touch", "mode", "0644"));
    assertEquals("rw-r--r--", mode(f));
  }

  @Test
  void absentRemovesTrees() throws Exception {
    Path d = Files.createDirectories(dir.resolve("gone/deep"));
    write(d.resolve("f"), "x", "rw-r--r--");
    Map<String, Object> args = Map.of("path", dir.resolve("gone").toString(), "state", "absent");
    assertEquals(
        List.of("rm", "-rf", "--", dir.resolve("gone").toString()), argv(harness.plan(args), 0));
    harness.assertConverges(args);
    assertFalse(Files.exists(dir.resolve("gone")));
  }

  @Test
  void absentRefusesRootAndCurrentDirectory() {
    for (String path : List.of("/", "//", "/./", "/tmp/..", "/tmp/../..", ".", "a/..")) {
      Plan plan = harness.plan(Map.of("path", path, "state", "absent"));
      assertTrue(plan.failure().get().contains("refusing to remove"), path);
      assertFalse(plan.changes());
    }
    Plan empty = harness.plan(Map.of("path", "", "state", "absent"));
    assertTrue(empty.failure().get().contains("empty path"));
  }

  @Test
  void symlinksAreRefused() throws Exception {
    Path link = Files.createSymbolicLink(dir.resolve("l"), dir);
    Plan plan = harness.plan(Map.of("path", link.toString(), "state", "directory", "mode", "0700"));
    assertTrue(plan.failure().get().contains("symlink"));
  }

  @Test
  void ownerChangeWhenRoot() {
    assumeTrue(FileAssertions.isRoot(), "changing owners needs root");
    Path f = write(dir.resolve("f"), "x", "rw-r--r--");
    harness.assertConverges(Map.of("path", f.toString(), "owner", "daemon"));
    assertEquals("daemon", owner(f));
  }

  @Test
  void groupOnlyIsChgrp() {
    Path f = write(dir.resolve("f"), "x", "rw-r--r--");
    Plan plan = harness.plan(Map.of("path", f.toString(), "group", "pagetune-no-such-group"));
    assertEquals(List.of("chgrp", "pagetune-no-such-group", "--", f.toString()), argv(plan, 0));
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(Map.of("path", "/x", "state", "directroy"), "did you mean 'directory'");
    harness.assertRejected(Map.of("state", "directory"), "missing required argument 'path'");
    harness.assertRejected(Map.of("path", "/x", "recurse", "often"), "boolean");
    harness.assertRejected(Map.of("path", "/x", "recurse", true), "needs state=directory");
    harness.assertRejected(Map.of("path", "/x", "mdoe", "0644"), "did you mean 'mode'");
  }
}
