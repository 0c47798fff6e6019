package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockInFileModuleTest {
  private static final String LIMITS = "# limits\n* soft nofile 1024\n";
  private static final String BLOCK =
      "oracle soft memlock 60397977\noracle hard memlock 60397977\n";
  private static final String BEGIN = "# BEGIN ANSIBLE MANAGED BLOCK";
  private static final String END = "# END ANSIBLE MANAGED BLOCK";

  @TempDir Path dir;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness = new ModuleHarness(new BlockInFileModule(), dir);
  }

  @Test
  void insertsAtTheEndWithMarkersAndConverges() {
    Path f = write(dir.resolve("limits.conf"), LIMITS, "rw-r-----");
    Map<String, Object> args = Map.of("path", f.toString(), "block", BLOCK);
    Plan plan = harness.plan(args);
    String expected = LIMITS + BEGIN + "\n" + BLOCK + END + "\n";
    assertEquals(List.of(new FileDiff(f.toString(), LIMITS, expected)), plan.diffs());
    assertEquals("Block inserted", plan.data().get("msg"));
    harness.assertConverges(args);
    assertEquals(expected, read(f));
    assertEquals("rw-r-----", mode(f));
  }

  @Test
  void replacesTheBlockBetweenMarkersOnly() {
    String before = "a\n" + BEGIN + "\nold 1\nold 2\n" + END + "\nz\n";
    Path f = write(dir.resolve("f"), before, "rw-r--r--");
    Map<String, Object> args = Map.of("path", f.toString(), "block", "new\n", "backup", true);
    // ansible.builtin.blockinfile says "Block inserted" when it replaces a block too
    assertEquals("Block inserted", harness.plan(args).data().get("msg"));
    ApplyResult r = harness.assertConverges(args);
    assertEquals("a\n" + BEGIN + "\nnew\n" + END + "\nz\n", read(f));
    assertEquals(before, read(Path.of(r.backups().get(0))));
  }

  @Test
  void absentRemovesTheBlockAndKeepsAMissingFinalNewline() {
    Path f = write(dir.resolve("f"), "a\n" + BEGIN + "\nx\n" + END, "rw-r--r--");
    harness.assertConverges(Map.of("path", f.toString(), "state", "absent"));
    assertEquals("a", read(f));
  }

  @Test
  void emptyBlockRemovesToo() {
    Path f = write(dir.resolve("f"), BEGIN + "\nx\n" + END + "\nb\n", "rw-r--r--");
    harness.assertConverges(Map.of("path", f.toString(), "block", ""));
    assertEquals("b\n", read(f));
  }

  @Test
  void insertAfterAndBeforeAnchors() {
    Path f = write(dir.resolve("f"), "[a]\n[b]\n[a]\nend", "rw-r--r--");
    harness.assertConverges(Map.of("path", f.toString(), "block", "x", "insertafter", "^\\[a\\]"));
    assertEquals("[a]\n[b]\n[a]\n" + BEGIN + "\nx\n" + END + "\nend", read(f));
    Path g = write(dir.resolve("g"), "one\ntwo\n", "rw-r--r--");
    harness.assertConverges(Map.of("path", g.toString(), "block", "x", "insertbefore", "BOF"));
    assertEquals(BEGIN + "\nx\n" + END + "\none\ntwo\n", read(g));
  }

  @Test
  void appendingToAFileWithoutFinalNewlineStartsOnANewLine() {
    Path f = write(dir.resolve("f"), "last", "rw-r--r--");
    harness.assertConverges(Map.of("path", f.toString(), "block", "x"));
    assertEquals("last\n" + BEGIN + "\nx\n" + END + "\n", read(f));
  }

  @Test
  void theDefaultMarkerAdoptsBlocksWrittenByAnsible() {
    // ansible.builtin.blockinfile's default marker: a block Ansible wrote is replaced, not doubled
    String ansible = "# BEGIN ANSIBLE MANAGED BLOCK\nold\n# END ANSIBLE MANAGED BLOCK\n";
    Path f = write(dir.resolve("f"), ansible, "rw-r--r--");
    harness.assertConverges(Map.of("path", f.toString(), "block", "new"));
    assertEquals(ansible.replace("old", "new"), read(f));
  }

  @Test
  void aCustomMarkerKeepsItsOwnBlock() {
    Path f = write(dir.resolve("f"), "a\n", "rw-r--r--");
    harness.assertConverges(
        Map.of("path", f.toString(), "block", "x", "marker", "# {mark} SAP MEMORY"));
    assertEquals("a\n# BEGIN SAP MEMORY\nx\n# END SAP MEMORY\n", read(f));
  }

  @Test
  void createMakesTheFile() {
    Path f = dir.resolve("new");
    assertTrue(
        harness
            .plan(Map.of("path", f.toString(), "block", "x"))
            .failure()
            .get()
            .contains("create"));
    Plan missing = harness.plan(Map.of("path", f.toString(), "block", "x"));
    // register sees ansible.builtin.blockinfile's message and rc
    assertEquals("Path " + f + " does not exist !", missing.data().get("msg"));
    assertEquals(257, missing.data().get("rc"));
    assertEquals(
        "File created",
        harness.plan(Map.of("path", f.toString(), "block", "x", "create", true)).data().get("msg"));
    harness.assertConverges(Map.of("path", f.toString(), "block", "x", "create", true));
    assertEquals(BEGIN + "\nx\n" + END + "\n", read(f));
  }

  @Test
  void aMissingFileFailsEvenToRemoveUnlessCreateIsSet() {
    // ansible.builtin.blockinfile checks the path before the state: absent fails too
    Path f = dir.resolve("none");
    assertTrue(harness.plan(Map.of("path", f.toString(), "state", "absent")).failure().isPresent());
    ModuleHarness.assertUpToDate(
        harness.plan(Map.of("path", f.toString(), "state", "absent", "create", true)));
  }

  @Test
  void anEmptyBlockWithCreateMakesAnEmptyFile() {
    // ansible.builtin.blockinfile writes the file it was told to create, even with no block
    Path f = dir.resolve("empty");
    harness.assertConverges(Map.of("path", f.toString(), "block", "", "create", true));
    assertEquals("", read(f));
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(Map.of("path", "/f", "blok", "x"), "did you mean 'block'");
    harness.assertRejected(Map.of("block", "x"), "missing required argument 'path'");
    harness.assertRejected(Map.of("path", "/f", "create", List.of()), "boolean");
    harness.assertRejected(Map.of("path", "/f", "marker", "# managed"), "must contain {mark}");
    harness.assertRejected(
        Map.of("path", "/f", "marker_begin", "X\nroot"), "'marker_begin' must be a single line");
    harness.assertRejected(
        Map.of("path", "/f", "insertafter", "a", "insertbefore", "b"), "mutually exclusive");
  }
}
