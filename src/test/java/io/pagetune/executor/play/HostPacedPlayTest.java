package io.pagetune.executor.play;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.LocalFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A play that names no strategy runs each host through the whole play at its own pace, unless
 * something in it needs the hosts in step; its output, recap and files are a linear run's. With one
 * fork the order in which hosts append to a shared file tells the two apart: task by task (linear:
 * every host's "one" before any "two") or host by host.
 */
class HostPacedPlayTest {
  @TempDir Path dir;

  private static final List<String> TASK_BY_TASK =
      List.of("h1 one", "h2 one", "h3 one", "h1 two", "h2 two", "h3 two");
  private static final List<String> HOST_BY_HOST =
      List.of("h1 one", "h1 two", "h2 one", "h2 two", "h3 one", "h3 two");

  /** A two-task play with {@code playExtra} among the play's keywords, {@code tasks} after. */
  private static String play(String playExtra, String moreTasks, String handlers) {
    return "- name: paced\n  hosts: all\n  gather_facts: false\n"
        + playExtra
        + "  tasks:\n"
        + "    - name: one\n"
        + "      command: sh -c \"echo ${inventory_hostname} one >> ${order}\"\n"
        + "      changed_when: false\n"
        + moreTasks
        + "    - name: two\n"
        + "      command: sh -c \"echo ${inventory_hostname} two >> ${order}\"\n"
        + "      changed_when: false\n"
        + handlers;
  }

  private List<String> order(String playbook, Map<String, String> env) throws Exception {
    Path inv = LocalFleet.write(dir, 3);
    for (int i = 1; i <= 3; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    Path order = dir.resolve("order");
    Files.deleteIfExists(order);
    Path file = dir.resolve("site.yml");
    Files.writeString(file, playbook);
    CliRun run =
        CliRun.withEnv(
            env,
            "run",
            file.toString(),
            "-i",
            inv.toString(),
            "--forks",
            "1",
            "-e",
            "order=" + order,
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run.toString());
    return Files.readAllLines(order);
  }

  @Test
  void aPlayWithNothingCrossHostRunsHostByHost() throws Exception {
    assertEquals(HOST_BY_HOST, order(play("", "", ""), Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      ignoreLeadingAndTrailingWhitespace = false,
      value = {
        "strategy linear|  strategy: linear\\n||",
        "serial|  serial: 3\\n||",
        "max_fail_percentage|  max_fail_percentage: 100\\n||",
        "any_errors_fatal|  any_errors_fatal: true\\n||",
        "run_once||    - debug: { msg: once }\\n      run_once: true\\n|",
        // at most N hosts at once on a task: only hosts in step can share the limit
        "throttle||    - debug: { msg: paced }\\n      throttle: 1\\n|",
        "throttle on the play|  throttle: 2\\n||",
        "hostvars||    - debug: { msg: \"${hostvars['h1'].root}\" }\\n|",
        "ansible_play_hosts||    - debug: { msg: \"${ansible_play_hosts?size}\" }\\n|",
        "ansible_play_batch||    - debug: { msg: \"${(ansible_play_batch![])?size}\" }\\n|",
        // end_play is decided on the first host still running and ends the play for all
        "end_play||    - meta: end_play\\n      when: false\\n|",
        "a handler run once||    - debug: { msg: note }\\n      changed_when: true\\n      notify: h\\n"
            + "|  handlers:\\n    - name: h\\n      debug: { msg: once }\\n      run_once: true\\n",
      })
  void aPlayWithACrossHostConstructKeepsTheHostsInStep(
      String label, String playExtra, String tasks, String handlers) throws Exception {
    String text =
        play(unescape(playExtra), unescape(tasks), unescape(handlers))
            // the handler runs after the section: the order file is written before it
            .replace("\n\n", "\n");
    assertEquals(TASK_BY_TASK, order(text, Map.of()), label);
  }

  @Test
  void endHostActsOnItsOwnHostAndKeepsThePlayHostPaced() throws Exception {
    String text = play("", "    - meta: end_host\n      when: inventory_hostname == 'h2'\n", "");
    assertEquals(List.of("h1 one", "h1 two", "h2 one", "h3 one", "h3 two"), order(text, Map.of()));
  }

  @Test
  void ansibleCfgStrategyLinearKeepsTheHostsInStep() throws Exception {
    Path cfg = dir.resolve("ansible.cfg");
    Files.writeString(cfg, "[defaults]\nstrategy = linear\n");
    assertEquals(TASK_BY_TASK, order(play("", "", ""), Map.of("ANSIBLE_CONFIG", cfg.toString())));
    // a play that names its strategy keeps it
    Files.writeString(cfg, "[defaults]\nstrategy = free\n");
    assertEquals(
        TASK_BY_TASK,
        order(play("  strategy: linear\n", "", ""), Map.of("ANSIBLE_CONFIG", cfg.toString())));
  }

  private static String unescape(String s) {
    return s == null ? "" : s.replace("\\n", "\n");
  }

  /** Every feature whose output order matters, none that needs the hosts in step. */
  private static final String CORPUS =
      """
      - name: corpus
        hosts: all
        gather_facts: true
        %s
        tasks:
          - name: write a
            copy: { dest: "${root}/a", content: "a ${inventory_hostname}\\n" }
            notify: note
          - name: only h1
            debug: { msg: just one }
            when: inventory_hostname == 'h1'
          - name: echo
            command: echo hello ${inventory_hostname}
            register: said
            changed_when: false
          - name: guarded
            block:
              - name: fails on h2
                command: "false"
                when: inventory_hostname == 'h2'
            rescue:
              - name: rescue
                debug: { msg: "rescued ${said.stdout}" }
          - name: fails on h3
            fail: { msg: h3 stops here }
            when: inventory_hostname == 'h3'
          - name: after
            lineinfile: { path: "${root}/b", line: "after", create: true }
        handlers:
          - name: note
            copy: { dest: "${root}/noted", content: "noted\\n" }
      - name: second play
        hosts: all
        gather_facts: false
        tasks:
          - name: again
            copy: { dest: "${root}/second", content: "2\\n" }
      """;

  private record Outcome(int exit, String out, Map<String, String> files) {}

  private Outcome corpus(String name, String strategy, String forks) throws Exception {
    Path root = Files.createDirectories(dir.resolve(name));
    Path inv = LocalFleet.write(root, 4);
    for (int i = 1; i <= 4; i++) {
      Files.createDirectories(root.resolve("h" + i));
    }
    Path file = root.resolve("site.yml");
    Files.writeString(file, CORPUS.formatted(strategy));
    CliRun run =
        CliRun.of(
            "run", file.toString(), "-i", inv.toString(), "--forks", forks, "--progress", "none");
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.filter(Files::isRegularFile).toList()) {
        if (!p.getFileName().toString().endsWith(".yml")) {
          files.put(root.relativize(p).toString(), Files.readString(p));
        }
      }
    }
    String out =
        run.out().replace(root.toString(), "ROOT").replaceAll("\\d{8}T\\d{6}Z-[0-9a-f]{6}", "RUN");
    return new Outcome(run.exitCode(), out, files);
  }

  @Test
  void aPacedPlayGivesTheRecapOutputOrderAndFilesOfALinearOne() throws Exception {
    // one fork: the linear run reports each task's hosts in inventory order, as a paced run does
    Outcome linear = corpus("linear", "strategy: linear", "1");
    Outcome paced = corpus("paced", "vars: {}", "4");
    assertEquals(linear.exit(), paced.exit());
    assertEquals(linear.out(), paced.out());
    assertEquals(linear.files(), paced.files());
    // the corpus did its work, so the comparison compares something
    assertEquals(2, paced.exit(), paced.out());
    assertEquals("noted\n", paced.files().get("h1/noted"));
    assertEquals("2\n", paced.files().get("h4/second"));
    assertEquals(null, paced.files().get("h3/b"), "h3 failed before 'after'");
  }
}
