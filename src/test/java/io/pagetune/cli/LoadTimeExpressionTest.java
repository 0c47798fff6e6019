package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken expressions and Jinja2 syntax in every place a user writes text are input errors found
 * when the playbook loads: exit 4, one line naming {@code file:line:col} of the offending part's
 * own line, and no host touched (the first task would create a marker file).
 */
class LoadTimeExpressionTest {
  private static final String HEAD = "- hosts: all\n  gather_facts: false\n";
  private static final String FIRST_TASK =
      "    - name: would touch\n      file: { path: \"${marker}\", state: touch }\n";

  @TempDir Path dir;
  private Path inventory;
  private Path marker;
  private Path playbook;

  @BeforeEach
  void setUp() throws Exception {
    marker = dir.resolve("touched");
    inventory = dir.resolve("hosts.yml");
    writeInventory("");
    playbook = dir.resolve("p.yml");
    Files.createDirectories(dir.resolve("templates"));
  }

  private void writeInventory(String extraHostVars) throws Exception {
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    h1:\n      ansible_connection: local\n      marker: "
            + marker
            + "\n"
            + extraHostVars);
  }

  private CliRun run(String playbookText, String... extra) throws Exception {
    Files.writeString(playbook, playbookText);
    List<String> args = new ArrayList<>(List.of("run", rel(playbook), "-i", rel(inventory)));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(String[]::new));
  }

  /** The first-line comment that keeps a file FreeMarker whatever it holds. */
  private static final String FREEMARKER = "# pagetune: freemarker\n";

  private static String tasks(String more) {
    return HEAD + "  tasks:\n" + FIRST_TASK + more;
  }

  private void assertInvalid(CliRun run, String location, String message) {
    assertEquals(4, run.exitCode(), run.toString());
    String line = run.err().strip();
    assertFalse(line.contains("\n"), "one line only: " + run);
    assertTrue(line.contains(location + ": "), "expected " + location + " in " + run);
    assertTrue(line.contains(message), "expected '" + message + "' in " + run);
    assertFalse(line.contains("pagetune_result__"), run.toString());
    assertFalse(line.contains("#assign"), run.toString());
    assertFalse(line.contains("Exception"), run.toString());
    assertFalse(Files.exists(marker), "a host was touched despite bad input");
  }

  private String rel(Path p) {
    return Path.of("").toAbsolutePath().relativize(p.toAbsolutePath()).toString();
  }

  /** Files outside the working directory are named by their absolute path. */
  private String relDir() {
    return dir + "/";
  }

  @Test
  void brokenWhenIsASyntaxErrorOnItsOwnLineBeforeAnyHost() throws Exception {
    CliRun run = run(tasks("    - name: broken\n      debug: {msg: hi}\n      when: sga_gb >\n"));
    assertInvalid(
        run,
        relDir() + "p.yml:8:21",
        "when: syntax error in 'sga_gb >': the expression ends where more is expected");
  }

  @Test
  void brokenLineOfABlockScalarConditionIsNamed() throws Exception {
    CliRun run =
        run(
            tasks(
                "    - name: broken\n      debug: {msg: hi}\n      when: |\n"
                    + "        sga_gb > 1 &&\n        huge ==\n"));
    assertInvalid(
        run,
        relDir() + "p.yml:10:16",
        "when: syntax error: the expression ends where more is expected");
  }

  @Test
  void brokenChangedWhenAndFailedWhenAndAssertAreFoundAtLoad() throws Exception {
    assertInvalid(
        run(tasks("    - command: 'true'\n      changed_when: rc = = 0\n")),
        relDir() + "p.yml:7:26",
        "changed_when: syntax error in 'rc = = 0': Encountered \"=\"");
    assertInvalid(
        run(tasks("    - command: 'true'\n      failed_when:\n        - rc > 1\n        - (rc\n")),
        relDir() + "p.yml:9:14",
        "failed_when: syntax error in '(rc': the expression ends where more is expected");
    assertInvalid(
        run(tasks("    - assert:\n        that:\n          - a >\n")),
        relDir() + "p.yml:8:16",
        "that: syntax error in 'a >'");
  }

  @Test
  void brokenTemplateInArgumentsIsFoundAtLoad() throws Exception {
    CliRun run = run(tasks("    - debug:\n        msg: \"pages=${sga_gb * }\"\n"));
    assertInvalid(
        run,
        relDir() + "p.yml:7:32",
        "msg: syntax error in 'pages=${sga_gb * }': Encountered \"}\"");
  }

  @Test
  void jinjaInTaskArguments() throws Exception {
    CliRun run =
        run(
            FREEMARKER
                + tasks(
                    "    - file:\n        path: \"/srv/{{ inventory_hostname }}\"\n        state: directory\n"));
    assertInvalid(
        run,
        relDir() + "p.yml:8:21",
        "path: Jinja2 syntax '{{ inventory_hostname }}' is not evaluated by pagetune,"
            + " which uses FreeMarker: write ${inventory_hostname}");
    assertFalse(Files.exists(Path.of("/srv/{{ inventory_hostname }}")));
  }

  @Test
  void jinjaInShortFormArguments() throws Exception {
    CliRun run = run(FREEMARKER + tasks("    - command: echo {{ greeting | upper }}\n"));
    assertInvalid(run, relDir() + "p.yml:7:21", "write ${greeting?upper_case}");
  }

  @Test
  void jinjaInWhen() throws Exception {
    assertInvalid(
        run(FREEMARKER + tasks("    - debug: {msg: hi}\n      when: use_huge | bool\n")),
        relDir() + "p.yml:8:13",
        "when: Jinja2 syntax 'use_huge | bool' is not evaluated by pagetune, which uses"
            + " FreeMarker: write bool(use_huge)");
    assertInvalid(
        run(FREEMARKER + tasks("    - debug: {msg: hi}\n      when: sga is not defined\n")),
        relDir() + "p.yml:8:13",
        "write !(sga??)");
    assertInvalid(
        run(FREEMARKER + tasks("    - debug: {msg: hi}\n      when: \"{{ use_huge }}\"\n")),
        relDir() + "p.yml:8:14",
        "write use_huge (conditions take no ${})");
  }

  @Test
  void jinjaInPlayVars() throws Exception {
    CliRun run =
        run(
            FREEMARKER
                + HEAD
                + "  vars:\n    pool: 10\n    pages: \"{{ pool | int }}\"\n  tasks:\n"
                + FIRST_TASK);
    assertInvalid(run, relDir() + "p.yml:6:13", "pages: Jinja2 syntax '{{ pool | int }}'");
    assertTrue(run.err().contains("write ${int(pool)}"), run.toString());
  }

  @Test
  void jinjaInVarsFiles() throws Exception {
    Files.writeString(
        dir.resolve("sizes.yml"), FREEMARKER + "# sizes\nsga: '{{ sga_gb | default(\"12\") }}'\n");
    CliRun run = run(HEAD + "  vars_files: [sizes.yml]\n  tasks:\n" + FIRST_TASK);
    assertInvalid(run, relDir() + "sizes.yml:3:7", "sga: Jinja2 syntax");
    assertTrue(run.err().contains("write ${sga_gb!\"12\"}"), run.toString());
  }

  @Test
  void jinjaInGroupVarsHostVarsAndInventoryValues() throws Exception {
    Path groupVars = Files.createDirectories(dir.resolve("group_vars"));
    Files.writeString(
        groupVars.resolve("all.yml"), FREEMARKER + "owner: \"{{ sid | lower }}adm\"\n");
    assertInvalid(
        run(tasks("")),
        relDir() + "group_vars/all.yml:2:9",
        "owner: Jinja2 syntax '{{ sid | lower }}' is not evaluated by pagetune, which uses"
            + " FreeMarker: write ${sid?lower_case}");
    Files.delete(groupVars.resolve("all.yml"));

    Path hostVars = Files.createDirectories(dir.resolve("host_vars"));
    Files.writeString(
        hostVars.resolve("h1.yml"), FREEMARKER + "a: 1\nlimits: |\n  one\n  {{ two }}\n");
    assertInvalid(run(tasks("")), relDir() + "host_vars/h1.yml:5:3", "write ${two}");
    Files.delete(hostVars.resolve("h1.yml"));

    writeInventory("      note: 'hugepages {% if big %}on{% endif %}'\n");
    Files.writeString(inventory, FREEMARKER + Files.readString(inventory));
    assertInvalid(
        run(tasks("")), relDir() + "hosts.yml:7:24", "note: Jinja2 syntax '{% if big %}'");
    assertTrue(run(tasks("")).err().contains("write <#if big>"));
    // unmarked, each of these files is Jinja: the run loads and its first task runs
    Files.writeString(inventory, Files.readString(inventory).substring(FREEMARKER.length()));
    assertEquals(0, run(tasks("")).exitCode());
    assertTrue(Files.exists(marker));
  }

  @Test
  void jinjaInIniInventory() throws Exception {
    inventory = dir.resolve("hosts.ini");
    Files.writeString(
        inventory,
        "[db]\nh1 ansible_connection=local marker="
            + marker
            + "\n[db:vars]\nsid='{{ x | truncate }}'\n");
    assertInvalid(
        run(tasks("")), relDir() + "hosts.ini:4:13", "Jinja2 filter 'truncate' is not yet shown");
    // Jinja shown to behave as in Ansible loads: an INI value is evaluated when a task uses it
    Files.writeString(
        inventory,
        "[db]\nh1 ansible_connection=local marker=" + marker + "\n[db:vars]\nsid='{{ x }}'\n");
    assertEquals(0, run(tasks("")).exitCode());
    assertTrue(Files.exists(marker));
  }

  @Test
  void secretValuesAreNotEchoed() throws Exception {
    writeInventory("      ansible_become_password: \"{{ vault_become_pw }}\"\n");
    Files.writeString(inventory, FREEMARKER + Files.readString(inventory));
    CliRun run = run(tasks(""));
    assertInvalid(
        run, relDir() + "hosts.yml:7:33", "ansible_become_password: Jinja2 syntax is not");
    assertFalse(run.err().contains("vault_become_pw"), run.toString());
    assertTrue(run.err().contains("see \"Expressions: FreeMarker for Jinja2\" in README.md"));
  }

  @Test
  void jinjaInExtraVars() throws Exception {
    assertInvalid(
        run(tasks(""), "-e", "sid=PRD dir={{sid|truncate}}"),
        "-e #1:1:19",
        "Jinja2 filter 'truncate' is not yet shown");
    assertInvalid(
        run(tasks(""), "-e", "a=1", "-e", "{\"dir\": \"{{ sid | truncate }}\"}"),
        "-e #2:1:19",
        "dir: Jinja2 filter 'truncate'");
    Path file = dir.resolve("extra.yml");
    Files.writeString(file, "ok: 1\ndir: /u01/{{ sid | truncate }}\n");
    assertInvalid(
        run(tasks(""), "-e", "@" + rel(file)), relDir() + "extra.yml:2:20", "dir: Jinja2 filter");
    // Jinja shown to behave as in Ansible loads; its value is evaluated when a task uses it
    Files.writeString(file, "ok: 1\ndir: /u01/{{ sid }}\n");
    assertEquals(0, run(tasks(""), "-e", "sid=PRD dir={{sid}}", "-e", "@" + rel(file)).exitCode());
    assertTrue(Files.exists(marker));
  }

  @Test
  void jinjaInTemplateFile() throws Exception {
    Files.writeString(
        dir.resolve("templates/limits.conf.ftl"),
        "# ${sid}\n{% for u in users %}\n${u} - memlock unlimited\n{% endfor %}\n");
    CliRun run =
        run(
            tasks(
                "    - template: {src: limits.conf.ftl, dest: \"" + dir.resolve("out") + "\"}\n"));
    assertInvalid(run, "templates/limits.conf.ftl:2:1", "Jinja2 syntax '{% for u in users %}'");
    assertTrue(run.err().contains("write <#list users as u>"), run.toString());
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void freeMarkerSyntaxErrorInTemplateFileIsFoundAtLoad() throws Exception {
    Files.writeString(dir.resolve("templates/t.ftl"), "a\n<#if big>\nb\n");
    CliRun run = run(tasks("    - template: {src: t.ftl, dest: \"" + dir.resolve("out") + "\"}\n"));
    assertInvalid(run, "templates/t.ftl:3:2", "template syntax error: ");
    assertTrue(run.err().contains("You have an unclosed #if"), run.toString());
  }

  @Test
  void jinjaInImportedTasks() throws Exception {
    Files.writeString(
        dir.resolve("more.yml"),
        FREEMARKER + "- debug:\n    msg: \"{{ greeting | default('hi') }}\"\n");
    CliRun run = run(tasks("    - import_tasks: more.yml\n"));
    assertInvalid(run, relDir() + "more.yml:3:11", "write ${greeting!\"hi\"}");
  }

  /** Shell syntax and FreeMarker are not Jinja; a literal {{ is written ${"{{"}. */
  @Test
  void shellSyntaxAndEscapedBracesRunUnchanged() throws Exception {
    Path out = dir.resolve("out.txt");
    Path shellOut = dir.resolve("shell.txt");
    CliRun run =
        run(
            tasks(
                "    - copy:\n        dest: \""
                    + out
                    + "\"\n        content: \"${\\\"{{\\\"} name ${\\\"}}\\\"}\\n\"\n"
                    + "    - shell: echo ${'$'}{HOME:+home} $((1 + 2)) | tr a-z A-Z > "
                    + shellOut
                    + "\n      when: flag || !flag\n      vars: {flag: true}\n"));
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals("{{ name }}\n", Files.readString(out));
    assertEquals("HOME 3\n", Files.readString(shellOut));
    assertTrue(Files.exists(marker), run.toString());
  }
}
