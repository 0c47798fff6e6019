package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
 * The play's host lists under {@code serial} over SSH, as ansible-playbook 2.14 gives them for the
 * same play (h1 fails in the first batch of two): {@code play_hosts} and {@code ansible_play_batch}
 * hold the batch's active hosts, {@code ansible_play_hosts} the play's hosts not failed (later
 * batches included), {@code ansible_play_hosts_all} every host.
 */
class PlayHostsTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void underSerialPlayHostsIsTheBatchAndFailedHostsLeaveTheLists() throws Exception {
    TestSshHost server = ssh.start();
    StringBuilder inventory = new StringBuilder("all:\n  hosts:\n");
    for (String h : new String[] {"h1", "h2", "h3"}) {
      inventory.append(
          SshInventoryHost.entry(ssh, server, h, Files.createDirectories(dir.resolve(h))));
    }
    Path hosts = Files.writeString(dir.resolve("hosts.yml"), inventory);
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            """
            - hosts: all
              gather_facts: false
              serial: 2
              tasks:
                - fail: {msg: stop}
                  when: inventory_hostname == 'h1'
                - copy:
                    dest: "${root}/lists"
                    content: "${play_hosts?join(',')}|${ansible_play_batch?join(',')}|\\
            ${ansible_play_hosts?join(',')}|${ansible_play_hosts_all?join(',')}\\n"
            """);
    CliRun run =
        CliRun.of(
            "run",
            playbook.toString(),
            "-i",
            hosts.toString(),
            "--known-hosts",
            ssh.knownHosts().toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertFalse(Files.exists(dir.resolve("h1/lists")));
    assertEquals("h2|h2|h2,h3|h1,h2,h3\n", Files.readString(dir.resolve("h2/lists")));
    assertEquals("h3|h3|h2,h3|h1,h2,h3\n", Files.readString(dir.resolve("h3/lists")));
  }
}
