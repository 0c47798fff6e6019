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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IniFileModuleTest {
  private static final String TUNED =
      "[main]\nsummary=Optimize for Oracle\ninclude=throughput-performance\n\n"
          + "[sysctl]\n# vm.nr_hugepages=0\nvm.swappiness = 10\n\n"
          + "[vm]\ntransparent_hugepages=always\n";

  @TempDir Path dir;

  private ModuleHarness harness() {
    return new ModuleHarness(new IniFileModule(), dir);
  }

  private static Map<String, Object> args(Path f, Object... kv) {
    Map<String, Object> m = new HashMap<>();
    m.put("path", f.toString());
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void changesAnOptionInItsSectionOnlyAndPredictsTheApply() {
    Path f = write(dir.resolve("tuned.conf"), TUNED, "rw-r-----");
    Map<String, Object> a =
        args(
            f,
            "section",
            "vm",
            "option",
            "transparent_hugepages",
            "value",
            "never",
            "no_extra_spaces",
            true);
    String after = TUNED.replace("transparent_hugepages=always", "transparent_hugepages=never");
    Plan check = harness().plan(a);
    assertEquals(List.of(new FileDiff(f.toString(), TUNED, after)), check.diffs());
    assertEquals("option changed", check.data().get("msg"));
    harness().assertConverges(a);
    assertEquals(after, read(f));
    assertEquals("rw-r-----", mode(f));
    assertEquals("OK", harness().plan(a).data().get("msg"));
  }

  @Test
  void aCommentedOutOptionIsReplacedAndANewOneGoesAfterTheLastSetting() {
    Path f = write(dir.resolve("tuned.conf"), TUNED, "rw-r--r--");
    harness()
        .assertConverges(args(f, "section", "sysctl", "option", "vm.nr_hugepages", "value", 6144));
    ApplyResult r =
        harness()
            .assertConverges(args(f, "section", "sysctl", "option", "kernel.shmmax", "value", 1));
    assertEquals("option added", r.data().get("msg"));
    assertEquals(
        TUNED.replace(
            "# vm.nr_hugepages=0\nvm.swappiness = 10\n",
            "vm.nr_hugepages = 6144\nvm.swappiness = 10\nkernel.shmmax = 1\n"),
        read(f));
  }

  @Test
  void aMissingSectionIsAppendedAndLaterDuplicatesAreDropped() {
    Path f = write(dir.resolve("a.ini"), "[x]\nk = 1\nk = 2\n[y]\nk = 3", "rw-r--r--");
    harness().assertConverges(args(f, "section", "x", "option", "k", "value", 5));
    ApplyResult r = harness().assertConverges(args(f, "section", "z", "option", "k", "value", 6));
    assertEquals("section and option added", r.data().get("msg"));
    assertEquals("[x]\nk = 5\n[y]\nk = 3\n[z]\nk = 6\n", read(f));
  }

  @Test
  void withoutASectionTheOptionIsGlobal() throws Exception {
    Path f = dir.resolve("postgresql.auto.conf");
    Files.writeString(f, "# Do not edit\nshared_buffers = '128MB'\n[odd]\nhuge_pages = off\n");
    harness().assertConverges(args(f, "option", "huge_pages", "value", "on"));
    assertEquals(
        "# Do not edit\nshared_buffers = '128MB'\nhuge_pages = on\n[odd]\nhuge_pages = off\n",
        read(f));
  }

  @Test
  void absentRemovesAnOptionOrAWholeSection() {
    Path f = write(dir.resolve("tuned.conf"), TUNED, "rw-r--r--");
    harness()
        .assertConverges(
            args(f, "section", "sysctl", "option", "vm.swappiness", "state", "absent"));
    harness().assertConverges(args(f, "section", "vm", "state", "absent"));
    assertEquals(
        "[main]\nsummary=Optimize for Oracle\ninclude=throughput-performance\n\n"
            + "[sysctl]\n# vm.nr_hugepages=0\n\n",
        read(f));
    ModuleHarness.assertUpToDate(
        harness().plan(args(dir.resolve("none.ini"), "section", "a", "state", "absent")));
  }

  @Test
  void aNewFileIsCreatedUnlessCreateIsFalseAndBackupsAreKept() {
    Path f = dir.resolve("new.ini");
    Plan refused =
        harness().plan(args(f, "section", "s", "option", "o", "value", 1, "create", false));
    assertEquals(
        "ini_file: " + f + " does not exist (create: true would create it)",
        refused.failure().orElseThrow());
    // what register sees is community.general.ini_file's own message and rc
    assertEquals("Destination " + f + " does not exist!", refused.data().get("msg"));
    assertEquals(257, refused.data().get("rc"));
    harness().assertConverges(args(f, "section", "s", "option", "o", "value", 1, "mode", "0640"));
    assertEquals("[s]\no = 1\n", read(f));
    assertEquals("rw-r-----", mode(f));
    ApplyResult r =
        harness()
            .assertConverges(args(f, "section", "s", "option", "o", "value", 2, "backup", true));
    assertEquals("[s]\no = 1\n", read(Path.of(r.backups().get(0))));
  }

  @Test
  void badArgumentsAreRefused() {
    Path f = dir.resolve("x.ini");
    harness()
        .assertRejected(
            args(f, "section", "s", "option", "o", "value", "1\n[evil]\nx=1"),
            "argument 'value' must be a single line");
    harness().assertRejected(args(f, "section", "s]x", "option", "o", "value", 1), "'section'");
    harness().assertRejected(args(f, "section", "s", "option", "a=b", "value", 1), "'option'");
    harness().assertRejected(args(f, "section", "s", "option", "o"), "'value' is required");
    harness().assertRejected(args(f, "section", "s", "exclusive", true), "unknown argument");
    assertFalse(Files.exists(f));
  }
}
