package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind of bad input exits with code 4 and one {@code file:line:col: message} line on stderr,
 * before any host is touched (the marker file a valid first task would create is never written).
 */
class BadInputTest {
  @TempDir Path dir;
  private Path inventory;
  private Path marker;

  @BeforeEach
  void setUp() throws Exception {
    marker = dir.resolve("touched");
    inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    h1:\n      ansible_connection: local\n      marker: " + marker + "\n");
    Files.createDirectories(dir.resolve("templates"));
  }

  private static final String FIRST_TASK =
      "    - name: would touch\n      file: { path: \"${marker}\", state: touch }\n";

  static Stream<Arguments> badPlaybooks() {
    String head = "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK;
    return Stream.of(
        Arguments.of(
            "malformed YAML",
            head + "    - name: x\n      debug: {msg: [1, 2\n",
            "p.yml:",
            "invalid YAML"),
        Arguments.of(
            "duplicate key",
            head + "    - name: a\n      name: b\n      debug: {msg: hi}\n",
            "p.yml:7:7",
            "duplicate key 'name'"),
        Arguments.of(
            "no module",
            head + "    - name: lonely\n      when: true\n",
            "p.yml:6:7",
            "task has no module ('lonely')"),
        Arguments.of(
            "two modules",
            head + "    - debug: {msg: a}\n      fail: {msg: b}\n",
            "p.yml:7:7",
            "task has two modules: 'debug' and 'fail'"),
        Arguments.of(
            "unknown module",
            head + "    - shel: echo hi\n",
            "p.yml:6:7",
            "unknown module or task keyword 'shel'; did you mean 'shell'?"),
        Arguments.of(
            "unknown argument",
            head + "    - copy: {dest: /tmp/x, contnt: hi}\n",
            "p.yml:6:7",
            "copy: unknown argument 'contnt'; did you mean 'content'?"),
        Arguments.of(
            "missing argument",
            head + "    - copy: {content: hi}\n",
            "p.yml:6:7",
            "copy: missing required argument 'dest'"),
        Arguments.of(
            "wrong type",
            head + "    - copy: {dest: /tmp/x, content: hi, backup: maybe}\n",
            "p.yml:6:7",
            "copy: argument 'backup' must be a boolean"),
        Arguments.of(
            "import of a missing playbook",
            "- import_playbook: nowhere.yml\n",
            "p.yml:1:20",
            "nowhere.yml not found"),
        Arguments.of(
            "unknown play keyword",
            "- hosts: all\n  taks: []\n",
            "p.yml:2:3",
            "unknown play keyword 'taks'; did you mean 'tasks'?"),
        Arguments.of(
            "notify without handler",
            head + "    - debug: {msg: a}\n      notify: restart db\n",
            "p.yml:6:7",
            "no handler named or listening to 'restart db'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badPlaybooks")
  void badPlaybookIsOneLineWithLocation(String what, String yaml, String location, String message)
      throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, yaml);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertInvalid(run, location, message);
  }

  private void assertInvalid(CliRun run, String location, String message) {
    assertEquals(4, run.exitCode(), run.toString());
    String line = run.err().strip();
    assertFalse(line.contains("\n"), "one line only: " + run);
    assertTrue(line.contains(location), run.toString());
    assertTrue(line.contains(message), run.toString());
    assertFalse(line.contains("Exception"), run.toString());
    assertFalse(Files.exists(marker), "a host was touched despite bad input");
  }

  private String rel(Path p) {
    return Path.of("").toAbsolutePath().relativize(p.toAbsolutePath()).toString();
  }

  @Test
  void undefinedVariableNamesVariableTaskAndLocation() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n    - name: Plan sysctl\n      debug:\n        msg: \"pages=${sga_size}\"\n");
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertEquals(4, run.exitCode(), run.toString());
    String[] lines = run.err().strip().split("\n");
    // progress lines may come first; the error is one line of its own, the last
    assertTrue(
        lines[lines.length - 1].endsWith(
            "p.yml:5:7: task 'Plan sysctl': undefined variable 'sga_size'"
                + " (give a default with sga_size!'value' or test with sga_size??)"),
        run.toString());
  }

  @Test
  void missingTemplateFile() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n    - name: Render\n      template: {src: gone.ftl, dest: /tmp/pagetune-never}\n");
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "--check");
    assertInvalid(run, "p.yml:5:7", "task 'Render': template file 'gone.ftl' not found");
  }

  @Test
  void badLimitPattern() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "--limit", "h1:&");
    assertInvalid(run, "--limit:1:", "");
  }

  @Test
  void hostThatIsAlsoAGroup() throws Exception {
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    web:\n      ansible_connection: local\n  children:\n    web:\n      hosts:\n        h2:\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertInvalid(run, "hosts.yml:", "'web' is both a host and a group");
  }

  @Test
  void yamlBombIsRefused() throws Exception {
    StringBuilder sb = new StringBuilder("a: &a [x,x,x,x,x,x,x,x,x]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'i'; c++) {
      sb.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        sb.append(i == 0 ? "" : ",").append('*').append(prev);
      }
      sb.append("]\n");
      prev = c;
    }
    Path vars = dir.resolve("bomb.yml");
    Files.writeString(vars, sb.toString());
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "-e", "@" + rel(vars));
    assertInvalid(run, "bomb.yml:", "");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/dev/zero", "/dev/urandom"})
  void extraVarsFromADeviceAreRefusedNotReadUntilMemoryRunsOut(String device) throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "-e", "@" + device);
    assertInvalid(run, device + ":1:1", "");
  }

  @Test
  void anInventoryFromADeviceIsRefused() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", "/dev/zero");
    assertInvalid(run, "/dev/zero:1:1", "refusing an inventory larger than");
  }

  @Test
  void aPortThatIsNoNumberIsBadInputAtTheInventoryLine() throws Exception {
    Path ini = dir.resolve("hosts.ini");
    Files.writeString(
        ini,
        "[web]\nlocalhost ansible_connection=local marker=" + marker + "\nw1 ansible_port=abc\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(ini));
    assertInvalid(run, "hosts.ini:3:", "w1: ansible_port 'abc' is not a port number");
  }

  @Test
  void oversizedPlaybookIsRefused() throws Exception {
    Path playbook = dir.resolve("p.yml");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(playbook.toFile(), "rw")) {
      f.setLength(io.pagetune.yaml.YamlReader.MAX_BYTES + 1); // sparse: refused from its size
    }
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertInvalid(run, "p.yml:1:1", "refusing YAML larger than");
  }

  @Test
  void stacktraceOnlyWhenAsked() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  taks: []\n");
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "--stacktrace");
    assertEquals(4, run.exitCode());
    assertTrue(run.err().contains("at io.pagetune"), run.toString());
  }

  @Test
  void limitMatchingNoHostIsInvalid() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "--limit", "nomatch");
    assertInvalid(run, "--limit", "'nomatch' matches no host of the inventory");
  }

  @Test
  void limitMatchingNoHostIsInvalidForFactsToo() {
    CliRun run = CliRun.of("facts", "-i", rel(inventory), "--limit", "h1x");
    assertInvalid(run, "--limit", "'h1x' matches no host of the inventory");
  }

  @Test
  void playHostsMatchingNoHostIsInvalid() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: nomatch\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertInvalid(run, "p.yml:1:10", "hosts 'nomatch' matches no host of the inventory");
  }

  @Test
  void playsMatchingNoHostWithinTheLimitAreInvalid() throws Exception {
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    h1:\n      ansible_connection: local\n      marker: "
            + marker
            + "\n    h2:\n      ansible_connection: local\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: h1\n  gather_facts: false\n  tasks:\n"
            + FIRST_TASK
            + "- hosts: h1\n  gather_facts: false\n  tasks:\n"
            + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "--limit", "h2");
    assertInvalid(run, "p.yml:1:10", "no play's hosts match a host of --limit 'h2'");
  }

  /**
   * As in Ansible: one play of several matching nothing is skipped with a warning, not an error.
   */
  @Test
  void onePlayMatchingNothingIsSkippedWhileOthersRun() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: nomatch\n  gather_facts: false\n  tasks:\n"
            + "    - debug: {msg: never}\n"
            + "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory), "--output", "json");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("no hosts matched 'nomatch'"), run.toString());
    assertTrue(Files.exists(marker), run.toString());
  }

  private static String nested(int levels, String open, String close, String leaf) {
    return open.repeat(levels) + leaf + close.repeat(levels);
  }

  @Test
  void deeplyNestedPlaybookIsRefused() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  vars:\n    deep: "
            + nested(1000, "[", "]", "x")
            + "\n  tasks:\n"
            + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertInvalid(run, "p.yml:4:", "YAML nested deeper than 200 levels; refused");
  }

  @Test
  void deeplyNestedInventoryIsRefused() throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n    h1:\n      deep:\n");
    String indent = "        ";
    for (int i = 0; i < 1000; i++) {
      sb.append(indent).append("k:\n");
      indent += "  ";
    }
    sb.append(indent).append("leaf\n");
    Files.writeString(inventory, sb.toString());
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertInvalid(run, "hosts.yml:", "YAML nested deeper than 200 levels; refused");
  }

  @Test
  void deeplyNestedExtraVarsAreRefused() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    Path vars = dir.resolve("deep.yml");
    Files.writeString(vars, "deep: " + nested(1000, "{a: ", "}", "1") + "\n");
    CliRun fromFile = CliRun.of("run", rel(playbook), "-i", rel(inventory), "-e", "@" + rel(vars));
    assertInvalid(fromFile, "deep.yml:1:", "YAML nested deeper than 200 levels; refused");
    CliRun inline =
        CliRun.of(
            "run",
            rel(playbook),
            "-i",
            rel(inventory),
            "-e",
            "{\"deep\": " + nested(1000, "[", "]", "1") + "}");
    assertInvalid(inline, "-e #1:1:", "YAML nested deeper than 200 levels; refused");
  }

  @Test
  void oversizedHostFileIsRefusedWithItsSize() throws Exception {
    Path big = dir.resolve("big.conf");
    Files.writeString(big, "a=1\n".repeat(1000)); // 4000 bytes, over the lowered limit
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - name: Edit\n      lineinfile: { path: \""
            + big
            + "\", line: 'b=2' }\n"
            + "    - name: Edit block\n      blockinfile: { path: \""
            + big
            + "\", block: 'b=2' }\n");
    CliRun run =
        CliRun.of(
            "run",
            rel(playbook),
            "-i",
            rel(inventory),
            "-e",
            "pagetune_max_file_bytes=1000",
            "--output",
            "json");
    assertEquals(4, run.exitCode(), run.toString());
    String expected =
        "/p.yml:5:7: task 'Edit': lineinfile: "
            + big
            + " is 4000 bytes, over the limit of 1000 bytes for a file read whole"
            + " (set pagetune_max_file_bytes to raise it)";
    String[] lines = run.err().strip().split("\n");
    // progress lines may come first; the error is one line of its own, the last
    assertTrue(lines[lines.length - 1].endsWith(expected), run.toString());
    assertTrue(run.out().contains("\"status\":\"failed\""), run.toString());
    assertEquals("a=1\n".repeat(1000), Files.readString(big), "the file was changed");

    // at 4000 bytes lineinfile edits the file; it is then 4004 bytes, too big for blockinfile
    CliRun raised =
        CliRun.of("run", rel(playbook), "-i", rel(inventory), "-e", "pagetune_max_file_bytes=4000");
    assertEquals(4, raised.exitCode(), raised.toString());
    assertTrue(
        raised
            .err()
            .strip()
            .endsWith(
                "/p.yml:7:7: task 'Edit block': blockinfile: "
                    + big
                    + " is 4004 bytes, over the limit of 4000 bytes for a file read whole"
                    + " (set pagetune_max_file_bytes to raise it)"),
        raised.toString());
    assertTrue(Files.readString(big).endsWith("a=1\nb=2\n"), raised.toString());

    CliRun roomy =
        CliRun.of(
            "run", rel(playbook), "-i", rel(inventory), "-e", "pagetune_max_file_bytes=10000");
    assertEquals(0, roomy.exitCode(), roomy.toString());
    assertTrue(Files.readString(big).contains("# END ANSIBLE MANAGED BLOCK"), roomy.toString());
  }

  @Test
  void badFileSizeLimitIsInvalid() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - name: Edit\n      lineinfile: { path: /nonexistent/x, line: 'b=2' }\n");
    CliRun run =
        CliRun.of("run", rel(playbook), "-i", rel(inventory), "-e", "pagetune_max_file_bytes=lots");
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(
        run.err().contains("p.yml:5:7: pagetune_max_file_bytes must be a whole number of bytes"),
        run.toString());
  }

  @Test
  void deeplyNestedExpressionIsRefused() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - debug: {msg: \"${"
            + nested(20_000, "(", ")", "1")
            + "}\"}\n");
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(inventory));
    assertEquals(4, run.exitCode(), run.toString());
    String[] lines = run.err().strip().split("\n");
    assertTrue(
        lines[lines.length - 1].endsWith(
            "p.yml:4:7: task 'debug': expression nested too deeply; refused"),
        run.toString());
  }

  @Test
  void deeplyNestedIniGroupsAreRefused() throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      sb.append("[g").append(i).append(":children]\ng").append(i + 1).append("\n");
    }
    sb.append("[g5000]\nh1 ansible_connection=local marker=").append(marker).append("\n");
    Path ini = dir.resolve("deep.ini");
    Files.writeString(ini, sb.toString());
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run = CliRun.of("run", rel(playbook), "-i", rel(ini));
    assertInvalid(
        run,
        "deep.ini:202:1",
        "groups nested deeper than 100 levels (group 'g101' as a child of 'g100'); refused");
  }

  /** A typo in one term while others match: the run goes on and says so, as Ansible does. */
  @Test
  void typoInOneTermOfAPatternIsWarnedAbout() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook, "- hosts: all:webz\n  gather_facts: false\n  tasks:\n" + FIRST_TASK);
    CliRun run =
        CliRun.of(
            "run", rel(playbook), "-i", rel(inventory), "--limit", "h1:h1x", "--output", "json");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(
        run.out()
            .contains(
                "\"message\":\"could not match supplied host pattern, ignoring: h1x (--limit)\""),
        run.toString());
    assertTrue(
        run.out()
            .matches(
                "(?s).*could not match supplied host pattern, ignoring: webz \\([^)]*/p\\.yml:1:10\\).*"),
        run.toString());
    assertTrue(Files.exists(marker), run.toString());
  }
}
