package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.group;
import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.owner;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.report.UnifiedDiff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CopyModuleTest {
  @TempDir Path dir;
  @TempDir Path local;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness =
        new ModuleHarness(new CopyModule(), dir)
            .services(new io.pagetune.modules.StubServices(local));
  }

  @Test
  void createsAFileFromContent() {
    Path dest = dir.resolve("limits.conf");
    Map<String, Object> args =
        Map.of("dest", dest.toString(), "content", "oracle soft memlock 1\n");
    Plan plan = harness.plan(args);
    assertEquals(
        List.of(new FileDiff(dest.toString(), "", "oracle soft memlock 1\n")), plan.diffs());
    harness.assertConverges(args);
    assertEquals("oracle soft memlock 1\n", read(dest));
    assertEquals("rw-r--r--", mode(dest));
  }

  @Test
  void replacingContentShowsADiffAndKeepsModeAndOwner() {
    Path dest = write(dir.resolve("app.conf"), "a=1\nb=2\n", "rw-------");
    String ownerBefore = owner(dest);
    String groupBefore = group(dest);
    Map<String, Object> args = Map.of("dest", dest.toString(), "content", "a=1\nb=3\n");
    Plan plan = harness.plan(args);
    FileDiff diff = plan.diffs().get(0);
    assertEquals("a=1\nb=2\n", diff.before());
    assertEquals("a=1\nb=3\n", diff.after());
    assertTrue(
        UnifiedDiff.of(diff.path(), diff.before(), diff.after(), 3).contains("-b=2\n+b=3\n"));
    Step.Put put = assertInstanceOf(Step.Put.class, plan.steps().get(0));
    assertEquals(null, put.mode());
    assertEquals(null, put.owner());
    harness.assertConverges(args);
    assertEquals("a=1\nb=3\n", read(dest));
    assertEquals("rw-------", mode(dest));
    assertEquals(ownerBefore, owner(dest));
    assertEquals(groupBefore, group(dest));
  }

  @Test
  void backupKeepsTheOldContentUnderATimestampedName() {
    Path dest = write(dir.resolve("app.conf"), "old\n", "rw-r-----");
    ApplyResult r =
        harness.assertConverges(
            Map.of("dest", dest.toString(), "content", "new\n", "backup", true));
    Path backup = dir.resolve("app.conf" + ModuleHarness.BACKUP_SUFFIX);
    assertEquals(List.of(backup.toString()), r.backups());
    assertEquals("old\n", read(backup));
    assertEquals("rw-r-----", mode(backup));
    assertEquals("new\n", read(dest));
  }

  @Test
  void modeOnlyChangeIsAChmodNotAWrite() {
    Path dest = write(dir.resolve("x"), "same\n", "rw-r--r--");
    Map<String, Object> args = Map.of("dest", dest.toString(), "content", "same\n", "mode", "0600");
    Plan plan = harness.plan(args);
    assertEquals(1, plan.steps().size());
    Step.Exec exec = assertInstanceOf(Step.Exec.class, plan.steps().get(0));
    assertEquals(List.of("chmod", "0600", "--", dest.toString()), exec.command().argv());
    assertEquals(List.of(), plan.diffs());
    harness.assertConverges(args);
    assertEquals("rw-------", mode(dest));
  }

  @Test
  void modeAsYamlOctalNumberIsUnderstood() {
    Path dest = dir.resolve("y");
    // YAML 1.1 reads 0640 as the number 416
    harness.assertConverges(Map.of("dest", dest.toString(), "content", "z", "mode", 0640));
    assertEquals("rw-r-----", mode(dest));
  }

  @Test
  void ownerChangeIsPlannedAsChownWithQuotedArgv() {
    Path dest = write(dir.resolve("o"), "c", "rw-r--r--");
    Plan plan =
        harness.plan(
            Map.of("dest", dest.toString(), "content", "c", "owner", "daemon", "group", "daemon"));
    Step.Exec exec = assertInstanceOf(Step.Exec.class, plan.steps().get(0));
    assertEquals(List.of("chown", "daemon:daemon", "--", dest.toString()), exec.command().argv());
  }

  @Test
  void ownerChangeAppliesWhenRunningAsRoot() {
    assumeTrue(FileAssertions.isRoot(), "changing owners needs root");
    Path dest = write(dir.resolve("o"), "c", "rw-r--r--");
    harness.assertConverges(
        Map.of("dest", dest.toString(), "content", "c", "owner", "daemon", "group", "daemon"));
    assertEquals("daemon", owner(dest));
    assertEquals("daemon", group(dest));
  }

  @Test
  void invalidOwnerNameFailsThePlan() {
    Plan plan =
        harness.plan(Map.of("dest", dir.resolve("o").toString(), "content", "c", "owner", "a:b"));
    assertTrue(plan.failure().get().contains("owner 'a:b' is not a valid user name"));
  }

  @Test
  void srcIntoADirectoryUsesTheSourceName() throws Exception {
    Files.writeString(local.resolve("hugepages.conf"), "vm.nr_hugepages = 6144\n");
    Path target = Files.createDirectory(dir.resolve("sysctl.d"));
    Map<String, Object> args = Map.of("src", "hugepages.conf", "dest", target.toString());
    Plan plan = harness.plan(args);
    assertEquals(target.resolve("hugepages.conf").toString(), plan.data().get("dest"));
    harness.assertConverges(args);
    assertEquals("vm.nr_hugepages = 6144\n", read(target.resolve("hugepages.conf")));
  }

  @Test
  void binaryContentIsCopiedWithoutDiff() throws Exception {
    byte[] bytes = {0, 1, 2, (byte) 0xff, 10};
    Files.write(local.resolve("blob.bin"), bytes);
    Path dest = dir.resolve("blob.bin");
    Map<String, Object> args = Map.of("src", "blob.bin", "dest", dest.toString());
    assertEquals(List.of(), harness.plan(args).diffs());
    harness.assertConverges(args);
    assertTrue(java.util.Arrays.equals(bytes, Files.readAllBytes(dest)));
  }

  @Test
  void inlineContentCannotTargetADirectory() {
    Plan plan = harness.plan(Map.of("dest", dir.toString(), "content", "x"));
    assertTrue(plan.failure().get().contains("is a directory"));
  }

  @Test
  void forceFalseLeavesAnExistingFileAlone() {
    Path dest = write(dir.resolve("keep"), "mine\n", "rw-r--r--");
    Plan plan = harness.plan(Map.of("dest", dest.toString(), "content", "yours\n", "force", false));
    ModuleHarness.assertUpToDate(plan);
    harness.assertConverges(
        Map.of("dest", dir.resolve("new").toString(), "content", "yours\n", "force", false));
  }

  @Test
  void missingDirectoryFailsInsteadOfCreatingIt() {
    Plan plan =
        harness.plan(Map.of("dest", dir.resolve("no/such/file").toString(), "content", "x"));
    // ansible.builtin.copy's own words, so a registered msg compares equal
    assertEquals(
        Optional.of("Destination directory " + dir.resolve("no/such") + " does not exist"),
        plan.failure());
    assertFalse(Files.exists(dir.resolve("no")));
  }

  @Test
  void aSymlinkedParentDirectoryIsFollowed() throws Exception {
    Path real = Files.createDirectory(dir.resolve("real-dir"));
    Path link = Files.createSymbolicLink(dir.resolve("dir-link"), real);
    harness.assertConverges(Map.of("dest", link.resolve("f").toString(), "content", "x\n"));
    assertEquals("x\n", read(real.resolve("f")));
  }

  @Test
  void symlinkDestIsRefused() throws Exception {
    Path real = write(dir.resolve("real"), "r", "rw-r--r--");
    Path link = Files.createSymbolicLink(dir.resolve("link"), real);
    Plan plan = harness.plan(Map.of("dest", link.toString(), "content", "x"));
    assertTrue(plan.failure().get().contains("is a symlink"));
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(
        Map.of("dest", "/x", "contnet", "y"),
        "unknown argument 'contnet'",
        "did you mean 'content'");
    harness.assertRejected(Map.of("content", "y"), "missing required argument 'dest'");
    harness.assertRejected(
        Map.of("dest", "/x", "content", "y", "mode", "rw-r--r--"),
        "'mode' must be an octal mode like '0644'");
    harness.assertRejected(Map.of("dest", "/x", "content", "y", "backup", "sometimes"), "boolean");
    harness.assertRejected(Map.of("dest", "/x"), "'content' or 'src' must be given");
    harness.assertRejected(Map.of("dest", "/x", "content", "a", "src", "b"), "only one of them");
  }
}
