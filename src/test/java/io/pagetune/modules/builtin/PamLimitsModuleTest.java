package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/**
 * pam_limits against community.general.pam_limits (6.6.2): expected files follow its main() (see
 * {@link PamLimitsEditTest}); where it slips, the result says so.
 */
class PamLimitsModuleTest {
  private static final String STOCK =
      "# /etc/security/limits.conf\n"
          + "#\n"
          + "#<domain>      <type>  <item>         <value>\n"
          + "#oracle        hard    memlock        unlimited\n"
          + "*               soft    core            0\n"
          + "oracle   soft   nofile   1024\n"
          + "oracle   hard   memlock  134217728   # preinstall\n"
          + "grid     hard   memlock  134217728\n";

  @TempDir Path dir;

  private ModuleHarness harness() {
    return new ModuleHarness(new PamLimitsModule(), dir);
  }

  private Map<String, Object> args(Path dest, Object... kv) {
    Map<String, Object> m = new HashMap<>();
    m.put("dest", dest.toString());
    m.put("domain", "oracle");
    m.put("limit_type", "hard");
    m.put("limit_item", "memlock");
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void updatesTheEntryInPlaceAndSaysWhereTheModuleWouldAddAnEmptyLine() {
    Path f = write(dir.resolve("limits.conf"), STOCK, "rw-r-----");
    Map<String, Object> args = args(f, "value", "unlimited");
    // community.general.pam_limits writes "...\t# preinstall\n\n": the old comment keeps its "\n"
    String after =
        STOCK.replace(
            "oracle   hard   memlock  134217728   # preinstall",
            "oracle\thard\tmemlock\tunlimited\t# preinstall");
    Plan check = harness().plan(args);
    assertEquals(List.of(new FileDiff(f.toString(), STOCK, after)), check.diffs());
    ApplyResult r = harness().assertConverges(args);
    assertEquals(after, read(f));
    assertEquals("rw-r-----", mode(f));
    assertEquals("oracle\thard\tmemlock\tunlimited\t# preinstall\n", r.data().get("msg"));
    assertTrue(
        String.valueOf(r.data().get("differs_from_ansible")).contains("leaving an empty line"),
        r.data().toString());
  }

  @Test
  void aNewCommentReplacesTheOldOneAsTheModuleWritesIt() {
    Path f = write(dir.resolve("limits.conf"), STOCK, "rw-r--r--");
    ApplyResult r = harness().assertConverges(args(f, "value", "unlimited", "comment", "SGA"));
    assertEquals(
        STOCK.replace(
            "oracle   hard   memlock  134217728   # preinstall",
            "oracle\thard\tmemlock\tunlimited\t#SGA"),
        read(f));
    assertEquals("oracle\thard\tmemlock\tunlimited\t#SGA\n", r.data().get("msg"));
    assertFalse(r.data().containsKey("differs_from_ansible"));
  }

  @Test
  void aMissingEntryIsAppendedWithTheComment() throws Exception {
    Path f = dir.resolve("99-oracle.conf");
    Files.writeString(f, "grid hard memlock 1\n");
    ApplyResult r =
        harness()
            .assertConverges(
                args(f, "limit_type", "-", "value", 67108864, "comment", "SGA 60 GiB + 10%"));
    assertEquals("grid hard memlock 1\noracle\t-\tmemlock\t67108864\t#SGA 60 GiB + 10%\n", read(f));
    assertEquals("oracle\t-\tmemlock\t67108864\t#SGA 60 GiB + 10%\n", r.data().get("msg"));
    assertFalse(r.data().containsKey("differs_from_ansible"));
  }

  @Test
  void everyDuplicateIsRewrittenAsTheModuleDoes() {
    Path f =
        write(
            dir.resolve("limits.conf"),
            "oracle hard memlock 1\n# keep\noracle hard memlock 2\noracle soft memlock 2\n",
            "rw-r--r--");
    harness().assertConverges(args(f, "value", "3"));
    assertEquals(
        "oracle\thard\tmemlock\t3\n# keep\noracle\thard\tmemlock\t3\noracle soft memlock 2\n",
        read(f));
  }

  @Test
  void anInvalidEntryInTheFileFailsTheTask() {
    Path f = write(dir.resolve("limits.conf"), "oracle hard memlock lots\n", "rw-r--r--");
    assertTrue(
        harness()
            .plan(args(f, "value", "3"))
            .failure()
            .orElseThrow()
            .startsWith("Invalid configuration found in '" + f + "'. Value of 'lots'"));
  }

  @Test
  void useMaxAndUseMinKeepTheLargerOrSmaller() {
    Path f = write(dir.resolve("l"), "oracle hard memlock unlimited\n", "rw-r--r--");
    ModuleHarness.assertUpToDate(harness().plan(args(f, "value", "1024", "use_max", true)));
    harness().assertConverges(args(f, "value", "1024", "use_min", true));
    assertEquals("oracle\thard\tmemlock\t1024\n", read(f));
    ModuleHarness.assertUpToDate(harness().plan(args(f, "value", "4096", "use_min", true)));
  }

  @Test
  void aNewFileIsCreatedUnlessCreateIsFalse() {
    Path f = dir.resolve("new.conf");
    Plan refused = harness().plan(args(f, "value", "1", "create", false));
    assertEquals(
        "pam_limits: " + f + " does not exist (create: true would create it)",
        refused.failure().orElseThrow());
    harness().assertConverges(args(f, "value", "1"));
    assertEquals("oracle\thard\tmemlock\t1\n", read(f));
    assertEquals("rw-r--r--", mode(f));
    Path nowhere = dir.resolve("no/such.conf");
    assertEquals(
        "directory "
            + nowhere.getParent()
            + " is not writable (check presence, access rights, use sudo)",
        harness().plan(args(nowhere, "value", "1")).failure().orElseThrow());
    assertEquals(
        PamLimitsModule.DEFAULT_DEST,
        harness()
            .args(
                Map.of("domain", "@dba", "limit_type", "soft", "limit_item", "nofile", "value", 1))
            .string("dest"));
  }

  @Test
  void negativePrioritiesAreValid() {
    Path f = dir.resolve("p.conf");
    harness()
        .assertConverges(
            Map.of(
                "dest",
                f.toString(),
                "domain",
                "@sapsys",
                "limit_type",
                "-",
                "limit_item",
                "nice",
                "value",
                "-10"));
    assertEquals("@sapsys\t-\tnice\t-10\n", read(f));
  }

  @Test
  void badArgumentsAreRefusedWithTheArgumentNamed() {
    Path f = dir.resolve("x");
    harness()
        .assertRejected(
            args(f, "value", "lots"),
            "argument 'value'",
            "Value of 'lots' for item 'memlock' is invalid. Value must either be 'unlimited'");
    harness().assertRejected(args(f, "value", " 5"), "Value of ' 5' for item 'memlock'");
    harness().assertRejected(args(f, "value", 1, "domain", "oracle grid"), "argument 'domain'");
    harness()
        .assertRejected(args(f, "value", 1, "comment", "a\noracle hard memlock 0"), "single line");
    harness().assertRejected(args(f, "value", 1, "limit_item", "memlok"), "did you mean 'memlock'");
    harness()
        .assertRejected(
            args(f, "value", 1, "use_max", true, "use_min", true),
            "Cannot use use_min and use_max at the same time.");
    harness()
        .assertRejected(
            args(f, "value", "20", "limit_item", "nice"),
            "Value must be a number in the range -20 to 19 inclusive");
    harness().assertRejected(args(f, "value", "-5"), "argument 'value'");
    assertFalse(Files.exists(f));
  }
}
