package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task that leaves a process running in the background which keeps writing to the stdout and
 * stderr it was given: the later tasks on that host (one shell session) register exactly their own
 * output, as with an exec channel per command.
 */
class BackgroundWriterRunTest {
  @TempDir Path dir;

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  // the writer stops by itself after about 100 periods, so no test leaves it behind
  private static final String PLAY =
      """
      - hosts: all
        gather_facts: false
        tasks:
          - name: leave a writer running
            shell: >-
              (i=0; while [ $i -lt 100 ]; do echo tick; echo tock >&2; sleep 0.05;
              i=`expr $i + 1`; done) & echo started
            changed_when: false
      %s
      """;

  private static final String LATER =
      """
          - name: task ${n}
            shell: echo own${n}; sleep 0.3; echo err${n} >&2
            register: r${n}
            changed_when: false
          - name: what task ${n} registered
            copy: {dest: '${root}/r${n}', content: "${r${n}.stdout}|${r${n}.stderr}"}
      """;

  @Test
  void laterTasksRegisterOnlyTheirOwnOutput() throws IOException {
    TestSshHost host = ssh.start();
    Path root = Files.createDirectories(dir.resolve("root"));
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            ("all:\n  vars: {ansible_user: %s, ansible_ssh_private_key_file: '%s'}\n"
                    + "  hosts:\n    db1: {ansible_host: 127.0.0.1, ansible_port: %d, root: '%s'}\n")
                .formatted(ssh.user(), ssh.clientKey(), host.port(), root));
    StringBuilder later = new StringBuilder();
    for (int n = 1; n <= 3; n++) {
      later.append(LATER.replace("${n}", String.valueOf(n)));
    }
    Path playbook = Files.writeString(dir.resolve("site.yml"), PLAY.formatted(later));
    CliRun run =
        CliRun.playbookJson(
            playbook,
            inventory,
            dir.resolve("state.db"),
            "--known-hosts",
            ssh.knownHosts().toString());
    assertEquals(0, run.exitCode(), run::toString);
    for (int n = 1; n <= 3; n++) {
      assertEquals("own" + n + "|err" + n, Files.readString(root.resolve("r" + n)), "task " + n);
    }
  }
}
