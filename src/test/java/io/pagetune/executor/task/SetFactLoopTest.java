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
 * {@code set_fact} with {@code loop} over SSH sets its facts item by item, as ansible-playbook
 * does: each item sees what the earlier ones set (a list accumulated), and the facts of every item
 * stay for the following tasks, under {@code --check} too.
 */
class SetFactLoopTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void everyItemSetsItsFactsAndSeesTheEarlierOnes() throws Exception {
    TestSshHost server = ssh.start();
    Path root = Files.createDirectories(dir.resolve("db1"));
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"), SshInventoryHost.inventory(ssh, server, "db1", root));
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: collect kernel parameters
                  set_fact:
                    params: "${(params![]) + [item.name + '=' + item.value]}"
                    "last_${item.name?replace('.', '_')}": "${item.value}"
                  loop:
                    - {name: vm.nr_hugepages, value: '6144'}
                    - {name: vm.hugetlb_shm_group, value: '54321'}
                    - {name: kernel.shmmax, value: '68719476736'}
                - copy:
                    dest: "${root}/params"
                    content: "${params?join('\\n')}\\n${last_kernel_shmmax}\\n"
                  check_mode: false
            """);
    for (String mode : new String[] {"--check", "--diff"}) {
      CliRun run =
          CliRun.of(
              "run",
              playbook.toString(),
              "-i",
              inventory.toString(),
              mode,
              "--known-hosts",
              ssh.knownHosts().toString());
      assertEquals(0, run.exitCode(), run.toString());
      assertTrue(run.out().contains("ok: [db1] => (item="), run.out());
      assertEquals(
          "vm.nr_hugepages=6144\nvm.hugetlb_shm_group=54321\nkernel.shmmax=68719476736\n"
              + "68719476736\n",
          Files.readString(root.resolve("params")),
          mode);
      Files.delete(root.resolve("params"));
    }
  }
}
