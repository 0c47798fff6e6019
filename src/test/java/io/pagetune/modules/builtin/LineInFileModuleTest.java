package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.owner;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.report.UnifiedDiff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineInFileModuleTest {
  private static final String PROFILE =
      "SAPSYSTEMNAME = PRD\nSETENV_00 = PATH=$(DIR_EXECUTABLE):%(PATH)\n"
          + "SETENV_05 = LDR_CNTRL=DATAPSIZE=4K\n";
  private static final String LDR =
      "LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K";

  @TempDir Path dir;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness = new ModuleHarness(new LineInFileModule(), dir);
  }

  @Test
  void replacesAMatchingLineWithDiffAndConverges() {
    Path profile = write(dir.resolve("PRD_D00_host"), PROFILE, "rw-r-----");
    Map<String, Object> args =
        Map.of(
            "path",
            profile.toString(),
            "regexp",
            "^(SETENV_\\d+ = )LDR_CNTRL=",
            "line",
            "\\1" + LDR,
            "backrefs",
            true);
    Plan plan = harness.plan(args);
    String expected = PROFILE.replace("LDR_CNTRL=DATAPSIZE=4K", LDR);
    assertEquals(List.of(new FileDiff(profile.toString(), PROFILE, expected)), plan.diffs());
    assertEquals("line replaced", plan.data().get("msg"));
    FileDiff d = plan.diffs().get(0);
    assertEquals(
        "--- before: "
            + profile
            + "\n+++ after: "
            + profile
            + "\n@@ -1,3 +1,3 @@\n SAPSYSTEMNAME = PRD\n SETENV_00 = PATH=$(DIR_EXECUTABLE):%(PATH)\n"
            + "-SETENV_05 = LDR_CNTRL=DATAPSIZE=4K\n+SETENV_05 = "
            + LDR
            + "\n",
        UnifiedDiff.of(d.path(), d.before(), d.after(), 3));
    String ownerBefore = owner(profile);
    harness.assertConverges(args);
    assertEquals(expected, read(profile));
    assertEquals("rw-r-----", mode(profile));
    assertEquals(ownerBefore, owner(profile));
  }

  @Test
  void insertsAfterAnAnchorAndKeepsAMissingFinalNewlineElsewhere() {
    Path f = write(dir.resolve("f"), "[main]\nk=v\n# last", "rw-r--r--");
    harness.assertConverges(
        Map.of("path", f.toString(), "line", "a=1", "insertafter", "^\\[main\\]"));
    assertEquals("[main]\na=1\nk=v\n# last", read(f));
  }

  @Test
  void backupKeepsTheOriginal() {
    Path f = write(dir.resolve("f"), "x=1\n", "rw-------");
    ApplyResult r =
        harness.assertConverges(
            Map.of("path", f.toString(), "regexp", "^x=", "line", "x=2", "backup", true));
    assertEquals(List.of(f + ModuleHarness.BACKUP_SUFFIX), r.backups());
    assertEquals("x=1\n", read(dir.resolve("f" + ModuleHarness.BACKUP_SUFFIX)));
    assertEquals("x=2\n", read(f));
  }

  @Test
  void absentRemovesMatchingLines() {
    Path f = write(dir.resolve("f"), "a\n#x\nb\n#y\n", "rw-r--r--");
    Map<String, Object> args = Map.of("path", f.toString(), "regexp", "^#", "state", "absent");
    // ansible.builtin.lineinfile's wording; nothing removed registers an empty msg
    assertEquals("2 line(s) removed", harness.plan(args).data().get("msg"));
    harness.assertConverges(args);
    assertEquals("a\nb\n", read(f));
    assertEquals("", harness.plan(args).data().get("msg"));
  }

  @Test
  void aMissingFileRegistersAnsiblesMessages() {
    Path none = dir.resolve("none");
    // absent on a missing file: ok, "file not present"; present without create: rc 257
    assertEquals(
        "file not present",
        harness
            .plan(Map.of("path", none.toString(), "regexp", "^x", "state", "absent"))
            .data()
            .get("msg"));
    Plan missing = harness.plan(Map.of("path", none.toString(), "line", "x"));
    assertTrue(missing.failure().orElseThrow().contains("create: true would create it"));
    assertEquals("Destination " + none + " does not exist !", missing.data().get("msg"));
    assertEquals(257, missing.data().get("rc"));
  }

  @Test
  void absentOnAMissingFileIsFine() {
    ModuleHarness.assertUpToDate(
        harness.plan(
            Map.of("path", dir.resolve("nope").toString(), "line", "x", "state", "absent")));
  }

  @Test
  void missingFileFailsUnlessCreate() {
    Path f = dir.resolve("new.conf");
    Plan plan = harness.plan(Map.of("path", f.toString(), "line", "x=1"));
    assertTrue(plan.failure().get().contains("does not exist"));
    harness.assertConverges(
        Map.of("path", f.toString(), "line", "x=1", "create", true, "mode", "0600"));
    assertEquals("x=1\n", read(f));
    assertEquals("rw-------", mode(f));
  }

  @Test
  void modeOnlyDriftIsFixedWithoutRewriting() {
    Path f = write(dir.resolve("f"), "x=1\n", "rw-rw-rw-");
    Plan plan = harness.plan(Map.of("path", f.toString(), "line", "x=1", "mode", "0644"));
    assertEquals(List.of(), plan.diffs());
    assertEquals(1, plan.steps().size());
    harness.assertConverges(Map.of("path", f.toString(), "line", "x=1", "mode", "0644"));
    assertEquals("rw-r--r--", mode(f));
  }

  @Test
  void lineBreaksInLineAreRefused() {
    Path f = write(dir.resolve("f"), "x\n", "rw-r--r--");
    harness.assertRejected(
        Map.of("path", f.toString(), "line", "a=1\nroot::0:0::/:/bin/sh"), "must be a single line");
    harness.assertRejected(Map.of("path", f.toString(), "line", "a=1\rb"), "must be a single line");
  }

  @Test
  void badRegexpAndNonTextFail() throws Exception {
    Path f = write(dir.resolve("f"), "x\n", "rw-r--r--");
    Plan bad = harness.plan(Map.of("path", f.toString(), "regexp", "([", "line", "y"));
    assertTrue(bad.failure().get().startsWith("lineinfile: invalid regexp"));
    Path bin = dir.resolve("bin");
    Files.write(bin, new byte[] {(byte) 0xff, (byte) 0xfe, 10});
    Plan binary = harness.plan(Map.of("path", bin.toString(), "line", "y"));
    assertTrue(binary.failure().get().contains("not UTF-8 text"));
  }

  @Test
  void aDirectoryIsNotAFile() {
    Plan plan = harness.plan(Map.of("path", dir.toString(), "line", "y"));
    assertTrue(plan.failure().get().contains("is a directory"));
    assertFalse(plan.changes());
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(
        Map.of("path", "/f", "line", "x", "regexpp", "^x"), "did you mean 'regexp'");
    harness.assertRejected(Map.of("line", "x"), "missing required argument 'path'");
    harness.assertRejected(Map.of("path", "/f", "line", "x", "create", "perhaps"), "boolean");
    harness.assertRejected(
        Map.of("path", "/f", "line", "x", "state", "presnt"), "did you mean 'present'");
    harness.assertRejected(Map.of("path", "/f", "regexp", "x"), "'line' is required");
    harness.assertRejected(
        Map.of("path", "/f", "line", "x", "insertafter", "a", "insertbefore", "b"),
        "mutually exclusive");
    harness.assertRejected(Map.of("path", "/f", "line", "x", "backrefs", true), "needs 'regexp'");
    // aliases work
    assertEquals("/f", harness.args(Map.of("dest", "/f", "line", "x")).string("path"));
  }
}
