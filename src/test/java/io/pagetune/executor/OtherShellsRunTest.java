package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.ChangeEvents;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.OtherShells.OtherShell;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A whole playbook over SSH hosts whose {@code /bin/sh} is another shell (ksh93, mksh, posh, yash,
 * busybox, bash): facts gathered, files and directories written with modes, lines edited, a
 * template rendered, commands with a working directory and environment, a handler. The check leaves
 * the hosts untouched and predicts exactly what the apply changes, and a second run changes
 * nothing.
 */
class OtherShellsRunTest {
  @TempDir Path dir;

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static final String PLAY =
      """
      - hosts: all
        gather_facts: true
        vars: {pages: 6144}
        tasks:
          - name: the kernel's page size is a fact
            assert:
              that: ['ansible_facts.memtotal_mb > 0']
          - name: read meminfo
            command: cat /proc/meminfo
            register: meminfo
            changed_when: false
            check_mode: false
          - name: pool directory
            file: {path: '${root}/sysctl.d', state: directory, mode: '0750'}
          - name: pool file
            template: {src: pool.conf.ftl, dest: '${root}/sysctl.d/97-pool.conf', mode: '0640'}
            notify: reload
          - name: a value with quotes, a backslash, a percent sign and a dollar
            copy:
              dest: '${root}/odd.conf'
              content: "a='b' \\\\ c=\\"d\\" 100% $HOME `x`\\n"
          - name: memlock
            lineinfile:
              path: '${root}/limits.conf'
              regexp: '^oracle\\s+soft\\s+memlock'
              line: 'oracle soft memlock unlimited'
              create: true
          - name: a command in a directory with an environment
            command: sh -c 'pwd; echo "$POOL"'
            args: {chdir: '${root}'}
            environment: {POOL: 'a b'}
            register: where
            changed_when: false
            check_mode: false
          - name: the command saw both
            assert:
              that:
                - "where.stdout_lines[0] == root"
                - "where.stdout_lines[1] == 'a b'"
        handlers:
          - name: reload
            command: touch ${root}/reloaded
      """;

  static List<OtherShell> shells() {
    return io.pagetune.testing.OtherShells.installed().toList();
  }

  @ParameterizedTest(name = "/bin/sh is {0}", allowZeroInvocations = true)
  @MethodSource("shells")
  void checkPredictsTheApplyAndTheSecondRunChangesNothing(OtherShell shell) throws IOException {
    ssh.replaceBinSh(shell.path());
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/pool.conf.ftl"), "vm.nr_hugepages = ${pages}\n");
    StringBuilder hosts = new StringBuilder();
    List<Path> roots = new ArrayList<>();
    for (String name : List.of("db1", "db2")) {
      Path root = Files.createDirectories(dir.resolve("roots/" + name));
      roots.add(root);
      TestSshHost host = ssh.start();
      hosts.append(
          "    %s: {ansible_host: 127.0.0.1, ansible_port: %d, root: '%s'}\n"
              .formatted(name, host.port(), root));
    }
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  vars: {ansible_user: %s, ansible_ssh_private_key_file: '%s'}\n  hosts:\n%s"
                .formatted(ssh.user(), ssh.clientKey(), hosts));
    Path playbook = Files.writeString(dir.resolve("site.yml"), PLAY);
    for (int round = 1; round <= 2; round++) {
      String before = TreeHash.ofAll(roots);
      CliRun check = run(playbook, inventory, "--check");
      assertEquals(0, check.exitCode(), check::toString);
      assertEquals(before, TreeHash.ofAll(roots), "--check changed a host");
      CliRun apply = run(playbook, inventory);
      assertEquals(0, apply.exitCode(), apply::toString);
      Set<String> predicted = ChangeEvents.of(check);
      Set<String> applied = ChangeEvents.of(apply);
      int r = round;
      assertEquals(
          applied, predicted, () -> "round " + r + "\ncheck:\n" + check + "\napply:\n" + apply);
      if (round == 1) {
        assertFalse(applied.isEmpty(), apply::toString);
      } else {
        assertEquals(Set.of(), applied, apply::toString);
      }
    }
    for (Path root : roots) {
      assertEquals(
          "vm.nr_hugepages = 6144\n", Files.readString(root.resolve("sysctl.d/97-pool.conf")));
      assertEquals("a='b' \\ c=\"d\" 100% $HOME `x`\n", Files.readString(root.resolve("odd.conf")));
      assertEquals(
          "oracle soft memlock unlimited\n", Files.readString(root.resolve("limits.conf")));
      assertEquals(
          "rwxr-x---",
          java.nio.file.attribute.PosixFilePermissions.toString(
              Files.getPosixFilePermissions(root.resolve("sysctl.d"))));
      assertTrue(Files.exists(root.resolve("reloaded")), "the handler ran");
    }
  }

  private CliRun run(Path playbook, Path inventory, String... more) {
    List<String> args = new ArrayList<>(List.of("--known-hosts", ssh.knownHosts().toString()));
    args.addAll(List.of(more));
    return CliRun.playbookJson(
        playbook, inventory, dir.resolve("state.db"), args.toArray(String[]::new));
  }
}
