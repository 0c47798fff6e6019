package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplaceModuleTest {
  @TempDir Path dir;

  private ModuleHarness harness() {
    return new ModuleHarness(new ReplaceModule(), dir);
  }

  @Test
  void replacesEveryMatchWithPythonBackreferencesAndPredictsTheApply() {
    String before = "vm.nr_hugepages = 1024\n# vm.nr_hugepages = 1\nvm.nr_hugepages=2048\n";
    Path f = write(dir.resolve("sysctl.conf"), before, "rw-r-----");
    Map<String, Object> args =
        Map.of(
            "path", f.toString(),
            "regexp", "^(vm\\.nr_hugepages)\\s*=\\s*\\d+$",
            "replace", "\\1 = 6144");
    String after = "vm.nr_hugepages = 6144\n# vm.nr_hugepages = 1\nvm.nr_hugepages = 6144\n";
    Plan check = harness().plan(args);
    assertEquals(List.of(new FileDiff(f.toString(), before, after)), check.diffs());
    assertEquals("2 replacements made", check.data().get("msg"));
    ApplyResult r = harness().assertConverges(args);
    assertEquals("2 replacements made", r.data().get("msg"));
    assertEquals(after, read(f));
    assertEquals("rw-r-----", mode(f));
    // ansible.builtin.replace registers rc 0, and an empty msg once nothing is left to replace
    assertEquals(0, r.data().get("rc"));
    assertEquals("", harness().plan(args).data().get("msg"));
    assertEquals(0, harness().plan(args).data().get("rc"));
  }

  @Test
  void aMissingFileRegistersAnsiblesMessageAndRc() {
    Path none = dir.resolve("none");
    Plan missing = harness().plan(Map.of("path", none.toString(), "regexp", "a", "replace", "b"));
    assertEquals("replace: path " + none + " does not exist", missing.failure().orElseThrow());
    assertEquals("Path " + none + " does not exist !", missing.data().get("msg"));
    assertEquals(257, missing.data().get("rc"));
  }

  @Test
  void namedGroupsDollarSignsAndEscapesFollowPython() {
    Path f =
        write(dir.resolve("profile"), "SETENV_00 = LDR_CNTRL=MAXDATA=0x80000000\n", "rw-r--r--");
    harness()
        .assertConverges(
            Map.of(
                "path", f.toString(),
                "regexp", "^(?P<key>SETENV_\\d+) = LDR_CNTRL=(?P<rest>MAXDATA=0x[0-9a-f]+)$",
                "replace", "\\g<key> = LDR_CNTRL=\\g<rest>@DATAPSIZE=64K$x\\tEND"));
    assertEquals("SETENV_00 = LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K$x\tEND\n", read(f));
  }

  @Test
  void afterAndBeforeLimitTheSection() {
    String before = "[a]\nsize=1\n[b]\nsize=1\n[c]\nsize=1\n";
    Path f = write(dir.resolve("x.ini"), before, "rw-r--r--");
    harness()
        .assertConverges(
            Map.of(
                "path", f.toString(),
                "regexp", "^size=1$",
                "replace", "size=2",
                "after", "\\[b\\]",
                "before", "\\[c\\]"));
    assertEquals("[a]\nsize=1\n[b]\nsize=2\n[c]\nsize=1\n", read(f));
    Plan none =
        harness()
            .plan(
                Map.of(
                    "path", f.toString(), "regexp", "size", "replace", "x", "after", "\\[zzz\\]"));
    ModuleHarness.assertUpToDate(none);
    assertEquals(
        "Pattern for before/after params did not match the given file", none.data().get("msg"));
  }

  @Test
  void nothingToReplaceIsUpToDateAndBackupKeepsTheOld() {
    Path f = write(dir.resolve("c"), "a=1\n", "rw-r--r--");
    ModuleHarness.assertUpToDate(
        harness().plan(Map.of("path", f.toString(), "regexp", "^b=.*$", "replace", "b=2")));
    ApplyResult r =
        harness()
            .assertConverges(
                Map.of("path", f.toString(), "regexp", "1", "replace", "2", "backup", true));
    assertEquals(List.of(f + ModuleHarness.BACKUP_SUFFIX), r.backups());
    assertEquals("a=1\n", read(Path.of(r.backups().get(0))));
  }

  @Test
  void crlfLinesAndTheMissingFinalNewlineAreKept() throws Exception {
    Path f = dir.resolve("win");
    Files.writeString(f, "a=1\r\nb=1");
    harness().assertConverges(Map.of("path", f.toString(), "regexp", "=1$", "replace", "=2"));
    // '$' is the end of a line at '\n' only, as in Python: the '\r' stays between
    assertEquals("a=1\r\nb=2", Files.readString(f));
  }

  @Test
  void failuresNameTheProblem() {
    assertEquals(
        "replace: path " + dir.resolve("nope") + " does not exist",
        harness()
            .plan(Map.of("path", dir.resolve("nope").toString(), "regexp", "a"))
            .failure()
            .orElseThrow());
    Path f = write(dir.resolve("f"), "a\n", "rw-r--r--");
    assertEquals(
        "replace: replace: bad escape \\q in the replacement",
        harness()
            .plan(Map.of("path", f.toString(), "regexp", "a", "replace", "\\q"))
            .failure()
            .orElseThrow());
    assertEquals(
        "replace: replace: invalid group reference 2",
        harness()
            .plan(Map.of("path", f.toString(), "regexp", "(a)", "replace", "\\2"))
            .failure()
            .orElseThrow());
    assertEquals("a\n", read(f));
    assertFalse(harness().plan(Map.of("path", f.toString(), "regexp", "b")).changes());
  }

  @Test
  void badArgumentsAreRefusedAtLoad() {
    harness().assertRejected(Map.of("path", "/f"), "missing required argument 'regexp'");
    harness()
        .assertRejected(
            Map.of("path", "/f", "regexp", "(unclosed"),
            "argument 'regexp' is not a valid regular expression");
    harness().assertRejected(Map.of("path", "/f", "regexp", "a", "validate", "x %s"), "'validate'");
  }
}
