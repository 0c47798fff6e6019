package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every place a user writes text × every Ansible habit ({@code {{ }}}, {@code {% %}}, a {@code |
 * filter}), and every broken expression: exit 4 from the command line, one line naming the file and
 * the line and column the offending text is written at, no internal wrapper text, and no host
 * contacted (the only host listens nowhere: reaching it would make it UNREACHABLE).
 */
class LoadTimeErrorMatrixTest {
  /**
   * The Jinja2 forms an Ansible user writes: as written, the part the message points at, and the
   * FreeMarker the message offers instead.
   */
  record Habit(String snippet, String pointedAt, String fix) {
    @Override
    public String toString() {
      return snippet;
    }
  }

  private static final List<Habit> JINJA =
      List.of(
          new Habit("{{ sid | lower }}", "{{ sid | lower }}", "write ${sid?lower_case}"),
          new Habit("{% if big %}on{% endif %}", "{% if big %}", "write <#if big>"),
          new Habit("${sid | lower}", "sid | lower", "write sid?lower_case"));

  /** A place: which file (relative to the project) holds the snippet, and the project's files. */
  record Place(String name, String file, String text) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final String PLAYBOOK_HEAD = "- hosts: all\n  gather_facts: false\n";

  @TempDir Path dir;

  @BeforeEach
  void inventory() throws Exception {
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(
        dir.resolve("hosts.yml"),
        "all:\n  hosts:\n    h1:\n      ansible_host: 127.0.0.1\n      ansible_port: 1\n"
            + "      ansible_user: nobody\n");
  }

  /** The first-line comment that keeps a file FreeMarker whatever it holds. */
  private static final String FREEMARKER = "# pagetune: freemarker\n";

  private static List<Place> places(String snippet) {
    return places(snippet, "");
  }

  /**
   * Every place, each YAML file starting with {@code head} (a language marker, or nothing: then the
   * file's language is decided by what it holds).
   */
  private static List<Place> places(String snippet, String head) {
    String task = "    - name: say\n      debug:\n        msg: hello\n";
    return List.of(
        new Place(
            "play name",
            "p.yml",
            head
                + "- name: \"pages "
                + snippet
                + "\"\n  hosts: all\n  gather_facts: false\n  tasks:\n"
                + task),
        new Place(
            "play vars",
            "p.yml",
            head
                + PLAYBOOK_HEAD
                + "  vars:\n    sid: PRD\n    owner: \""
                + snippet
                + "\"\n  tasks:\n"
                + task),
        new Place(
            "play environment",
            "p.yml",
            head
                + PLAYBOOK_HEAD
                + "  environment:\n    OWNER: \""
                + snippet
                + "\"\n  tasks:\n"
                + task),
        new Place(
            "task name",
            "p.yml",
            head
                + PLAYBOOK_HEAD
                + "  tasks:\n    - name: \"say "
                + snippet
                + "\"\n      debug: {msg: hi}\n"),
        new Place(
            "task arg",
            "p.yml",
            head
                + PLAYBOOK_HEAD
                + "  tasks:\n    - name: say\n      debug:\n        msg: \"x "
                + snippet
                + "\"\n"),
        new Place(
            "vars file", "sizes.yml", head + "# sizes\nsid: PRD\nowner: \"" + snippet + "\"\n"),
        new Place("group_vars", "group_vars/all.yml", head + "---\nowner: \"" + snippet + "\"\n"),
        new Place(
            "host_vars", "host_vars/h1.yml", head + "a: 1\nlimits: |\n  one\n  " + snippet + "\n"),
        new Place(
            "template file", "templates/t.ftl", "# ${inventory_hostname}\n" + snippet + "\n"));
  }

  static Stream<Arguments> jinjaEverywhere() {
    List<Arguments> out = new ArrayList<>();
    for (Habit habit : JINJA) {
      for (Place p : places(habit.snippet(), FREEMARKER)) {
        out.add(Arguments.of(p, habit));
      }
    }
    return out.stream();
  }

  /** The playbook for a place: its own text when the place is the playbook, else a plain one. */
  private Path write(Place place) throws Exception {
    Files.createDirectories(dir.resolve(place.file()).getParent());
    Files.writeString(dir.resolve(place.file()), place.text());
    if (place.file().equals("p.yml")) {
      return dir.resolve("p.yml");
    }
    String book =
        PLAYBOOK_HEAD
            + "  vars_files: [sizes.yml]\n  tasks:\n"
            + "    - template: {src: t.ftl, dest: /tmp/never-written}\n";
    if (!Files.exists(dir.resolve("sizes.yml"))) {
      Files.writeString(dir.resolve("sizes.yml"), "sid: PRD\n");
    }
    if (!Files.exists(dir.resolve("templates/t.ftl"))) {
      Files.writeString(dir.resolve("templates/t.ftl"), "ok ${sid}\n");
    }
    Files.writeString(dir.resolve("p.yml"), book);
    return dir.resolve("p.yml");
  }

  private CliRun run(Path playbook) {
    return CliRun.of(
        "run", playbook.toString(), "-i", dir.resolve("hosts.yml").toString(), "--state", "none");
  }

  /** {@code file:line:col} of the first character of {@code snippet} in the place's text. */
  private String location(Place place, String snippet) {
    String text = place.text();
    int at = text.indexOf(snippet);
    int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    int col = at - text.lastIndexOf('\n', at - 1);
    return place.file() + ":" + line + ":" + col;
  }

  private static void assertRefusedBeforeAnyHost(CliRun run, String location, String message) {
    assertEquals(4, run.exitCode(), run.toString());
    String line = run.err().strip();
    assertFalse(line.contains("\n"), "one line only: " + run);
    assertTrue(
        line.contains(location + (location.matches(".*:\\d+:\\d+") ? ": " : ":")),
        "expected " + location + " in " + run);
    assertTrue(line.contains(message), "expected '" + message + "' in " + run);
    for (String internal : List.of("pagetune_result__", "#assign", "Exception", "io.pagetune")) {
      assertFalse(line.contains(internal), internal + " in " + run);
    }
    assertFalse(run.out().contains("UNREACHABLE"), "a host was contacted: " + run);
    assertFalse(run.out().contains("TASK ["), "a task ran: " + run);
  }

  @Test
  void theHostFailsWhenReached() throws Exception {
    CliRun run = run(write(places("plain").get(4)));
    assertNotEquals(4, run.exitCode(), run.toString());
    assertTrue(run.out().contains("UNREACHABLE"), run.toString());
  }

  /** In a file marked FreeMarker (and in a .ftl template) Jinja2 is refused, with its fix. */
  @ParameterizedTest(name = "{1} in {0}")
  @MethodSource("jinjaEverywhere")
  void jinjaInAFreemarkerFileIsRefusedAtLoadWhereItIsWritten(Place place, Habit habit)
      throws Exception {
    CliRun run = run(write(place));
    assertRefusedBeforeAnyHost(
        run,
        location(place, habit.pointedAt()),
        "Jinja2 syntax '" + habit.pointedAt() + "' is not evaluated by pagetune");
    assertTrue(run.err().contains(habit.fix()), run.toString());
  }

  static Stream<Arguments> yamlPlaces() {
    return places("{{ sid | lower }}").stream()
        .filter(p -> p.file().endsWith(".yml"))
        .map(Arguments::of);
  }

  /**
   * Unmarked, the same Jinja2 makes its file Jinja: the run loads and its tasks start (the host is
   * unreachable, or a task fails on the undefined {@code sid} where no play vars define it).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("yamlPlaces")
  void jinjaInAnUnmarkedFileLoadsAndTheRunGoesOn(Place place) throws Exception {
    CliRun run = run(write(place));
    assertTrue(run.out().contains("TASK ["), "no task ran: " + run);
    assertTrue(
        run.out().contains("UNREACHABLE") || run.out().contains("'sid' is undefined"),
        run.toString());
  }

  static Stream<Arguments> notYetShownConstruct() {
    return places("{{ [1] | truncate([2]) | list }}").stream()
        .filter(p -> p.file().endsWith(".yml"))
        .map(Arguments::of);
  }

  /** A Jinja2 construct not yet shown to behave as in Ansible is refused where it is written. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("notYetShownConstruct")
  void aConstructNotYetShownEqualIsRefusedAtLoadWhereItIsWritten(Place place) throws Exception {
    CliRun run = run(write(place));
    assertRefusedBeforeAnyHost(
        run,
        location(place, "truncate"),
        "Jinja2 filter 'truncate' is not yet shown to behave as in Ansible");
  }

  static Stream<Arguments> brokenExpressions() {
    String t = "    - name: broken\n";
    return Stream.of(
        Arguments.of("when", t + "      debug: {msg: hi}\n      when: sga_gb >\n", "sga_gb >"),
        Arguments.of(
            "changed_when",
            t + "      command: 'true'\n      changed_when: rc = = 0\n",
            "rc = = 0"),
        Arguments.of(
            "failed_when",
            t + "      command: 'true'\n      failed_when:\n        - rc > 1\n        - (rc\n",
            "(rc"),
        Arguments.of(
            "until",
            t
                + "      command: 'true'\n      register: r\n      until: r.rc ==\n"
                + "      retries: 2\n",
            "r.rc =="),
        Arguments.of(
            "loop", t + "      debug: {msg: \"${item}\"}\n      loop: \"${[1, 2}\"\n", "${[1, 2}"),
        Arguments.of(
            "with_items",
            t + "      debug: {msg: \"${item}\"}\n      with_items: \"${pools?size +}\"\n",
            "${pools?size +}"),
        Arguments.of(
            "module args",
            t + "      file:\n        path: \"/tmp/${sid +}\"\n        state: touch\n",
            "/tmp/${sid +}"),
        Arguments.of(
            "loop_control label",
            t
                + "      debug: {msg: \"${item}\"}\n      loop: [1, 2]\n"
                + "      loop_control: {label: \"${item *}\"}\n",
            "${item *}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenExpressions")
  void brokenExpressionIsRefusedAtLoadOnItsOwnLine(String where, String task, String expression)
      throws Exception {
    String text = PLAYBOOK_HEAD + "  tasks:\n" + task;
    Files.writeString(dir.resolve("p.yml"), text);
    CliRun run = run(dir.resolve("p.yml"));
    int at = text.indexOf(expression);
    int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    assertRefusedBeforeAnyHost(run, "p.yml:" + line, "syntax error");
    assertTrue(run.err().matches("(?s).*p\\.yml:" + line + ":\\d+: .*"), "a column: " + run.err());
  }

  static Stream<Arguments> jinjaConditions() {
    String t = "    - name: check\n      command: 'true'\n      register: r\n";
    return Stream.of(
        Arguments.of("when", t + "      when: use_huge | bool\n", "use_huge | bool"),
        Arguments.of(
            "changed_when", t + "      changed_when: r.stdout | length > 0\n", "r.stdout | length"),
        Arguments.of(
            "failed_when", t + "      failed_when: \"{{ r.rc > 1 }}\"\n", "{{ r.rc > 1 }}"),
        Arguments.of(
            "until", t + "      until: r is not defined\n      retries: 2\n", "r is not defined"),
        Arguments.of(
            "assert that",
            "    - assert:\n        that:\n          - sid | length == 3\n",
            "sid | length"));
  }

  /** In a file marked FreeMarker, a Jinja2 condition is refused with its FreeMarker. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("jinjaConditions")
  void jinjaInAConditionOfAFreemarkerFileIsRefusedAtLoad(String where, String task, String written)
      throws Exception {
    String text = FREEMARKER + PLAYBOOK_HEAD + "  tasks:\n" + task;
    Files.writeString(dir.resolve("p.yml"), text);
    CliRun run = run(dir.resolve("p.yml"));
    int at = text.indexOf(written);
    int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    assertRefusedBeforeAnyHost(run, "p.yml:" + line, "Jinja2 syntax");
  }
}
