package io.pagetune.executor.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshInventoryHost;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The magic variables a task sees over SSH, with the values ansible-playbook 2.14 gives them for
 * the same layout: where the playbook, the role and the inventory file are, the host's short name
 * and groups, the run's tags and check mode, a version dict, and {@code omit}.
 */
class MagicVariablesRunTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private Path inventory(TestSshHost server) throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    String entry = SshInventoryHost.entry(ssh, server, "db1.example.com", root);
    Path file = Files.createDirectories(dir.resolve("inv")).resolve("hosts.yml");
    return Files.writeString(
        file, "all:\n  children:\n    oracle:\n      hosts:\n" + entry.indent(4));
  }

  private CliRun run(Path playbook, Path hosts, String... more) {
    String[] base = {
      "run",
      playbook.toString(),
      "-i",
      hosts.toString(),
      "--known-hosts",
      ssh.knownHosts().toString()
    };
    String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return CliRun.of(args);
  }

  @Test
  void aTaskSeesWhereThingsAreAndHowTheRunWasStarted() throws Exception {
    TestSshHost server = ssh.start();
    Path hosts = inventory(server);
    Path play = Files.createDirectories(dir.resolve("play"));
    Path tasks = Files.createDirectories(play.resolve("roles/where/tasks"));
    Files.writeString(
        tasks.resolve("main.yml"),
        """
        - copy:
            dest: "${root}/role"
            content: "${role_path}\\n"
        """);
    Path playbook =
        Files.writeString(
            play.resolve("site.yml"),
            """
            - hosts: all
              gather_facts: false
              roles: [where]
              tasks:
                - copy:
                    dest: "${root}/magic"
                    content: |
                      ${playbook_dir}
                      ${inventory_dir}
                      ${inventory_file}
                      ${inventory_hostname_short} ${group_names?join(',')}
                      ${ansible_run_tags?join(',')} ${ansible_check_mode?c} ${ansible_verbosity} ${ansible_diff_mode?c}
                      ${ansible_play_batch?join(',')} ${ansible_play_hosts?join(',')}
                      ${ansible_version.string}|${ansible_version.full}|${ansible_version.major}
                      ${pagetune_version}
                      ${(role_path??)?c}
                  tags: [magic]
            """);
    CliRun run = run(playbook, hosts);
    String version = PagetuneVersion.current();
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(
        play.resolve("roles/where").toRealPath() + "\n",
        Files.readString(dir.resolve("root/role"))
            .replace(play.toString(), play.toRealPath().toString()));
    assertEquals(
        play
            + "\n"
            + hosts.getParent()
            + "\n"
            + hosts
            + "\ndb1 oracle\nall false 0 false\ndb1.example.com db1.example.com\n"
            + "2.14.18|2.14.18|2\n"
            + version
            + "\nfalse\n",
        Files.readString(dir.resolve("root/magic")));

    // only the tagged task runs; its diff shows the tags given, check and diff mode on, one -v
    CliRun tagged = run(playbook, hosts, "--tags", "other,magic", "--check", "--diff", "-v");
    assertEquals(0, tagged.exitCode(), tagged.toString());
    assertTrue(tagged.out().contains("+magic,other true 1 true"), tagged.toString());
    assertTrue(tagged.out().contains("-all false 0 false"), tagged.toString());
  }

  @Test
  void anArgumentWhoseValueIsOmitIsLeftOut() throws Exception {
    TestSshHost server = ssh.start();
    Path hosts = inventory(server);
    Path playbook =
        Files.writeString(
            dir.resolve("omit.yml"),
            """
            - hosts: all
              gather_facts: false
              tasks:
                - file:
                    path: "${root}/d"
                    state: directory
                    mode: "${wanted_mode!omit}"
                - copy:
                    dest: "${root}/d/f"
                    content: "${omit?starts_with('__omit_place_holder__')?c}\\n"
                    owner: "${omit}"
                - template:
                    src: managed.ftl
                    dest: "${root}/managed"
                - copy:
                    dest: "${omit}"
                    content: x
            """);
    Files.writeString(dir.resolve("managed.ftl"), "# ${ansible_managed}\n");
    CliRun run = run(playbook, hosts);
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(Files.isDirectory(dir.resolve("root/d")), run.toString());
    assertEquals("true\n", Files.readString(dir.resolve("root/d/f")));
    assertEquals("# Ansible managed\n", Files.readString(dir.resolve("root/managed")));
    assertTrue(run.out().contains("missing required argument 'dest'"), run.toString());
  }

  @Test
  void theVersionDictIsBuiltAsAnsibleBuildsIt() {
    assertEquals(
        java.util.Map.of(
            "string",
            "0.1.0-SNAPSHOT",
            "full",
            "0.1.0-SNAPSHOT",
            "major",
            0L,
            "minor",
            1L,
            "revision",
            "0-SNAPSHOT"),
        MagicVariables.ansibleVersion("0.1.0-SNAPSHOT"));
    assertEquals(
        java.util.Map.of(
            "string", "2.14", "full", "2.14", "major", 2L, "minor", 14L, "revision", 0),
        MagicVariables.ansibleVersion("2.14"));
  }
}
