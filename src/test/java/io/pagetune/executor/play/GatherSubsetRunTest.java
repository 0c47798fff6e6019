package io.pagetune.executor.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Over SSH: a play's {@code gather_subset} gathers only the collectors it names (plus none of
 * {@code min} under {@code !min}), and a {@code setup} task gathers others later, returning them
 * under Ansible's names and keeping them as the host's facts; {@code filter} keeps the matching
 * names only. A subset Ansible does not know is refused at load.
 */
class GatherSubsetRunTest {
  @TempDir Path dir;

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static final String PLAY =
      """
      - hosts: all
        gather_subset: ['!all', '!min', virtual]
        tasks:
          - name: only the virtual collector's facts
            assert:
              that:
                - ansible_facts.virtualization_type??
                - ansible_virtualization_role??
                - "!(ansible_facts.mounts??)"
                - "!(ansible_facts.distribution??)"
                - "!(ansible_facts.date_time??)"
                - "ansible_facts.gather_subset?join(',') == '!all,!min,virtual'"
          - name: the hardware collector on demand
            setup: {gather_subset: hardware}
            register: hw
          - name: setup returns Ansible's names and keeps the facts
            assert:
              that:
                - hw.ansible_facts.ansible_swaptotal_mb >= 0
                - hw.ansible_facts.ansible_mounts?size > 0
                - hw.ansible_facts.module_setup
                - ansible_facts.memory_mb.real.total == ansible_memtotal_mb
                - "ansible_facts.mounts[0].size_total > 0"
                - ansible_facts.distribution == 'Debian'
          - name: a filter keeps the matching names only
            setup: {filter: ['ansible_swap*']}
            register: swap
          - assert:
              that:
                - "swap.ansible_facts?keys?sort?join(',') == 'ansible_swapfree_mb,ansible_swaptotal_mb'"
      """;

  @Test
  void aPlaysSubsetAndSetupTasksGatherTheCollectorsTheyName() throws IOException {
    TestSshHost host = ssh.start();
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            ("all:\n  vars: {ansible_user: %s, ansible_ssh_private_key_file: '%s'}\n"
                    + "  hosts:\n    db1: {ansible_host: 127.0.0.1, ansible_port: %d}\n")
                .formatted(ssh.user(), ssh.clientKey(), host.port()));
    Path playbook = Files.writeString(dir.resolve("site.yml"), PLAY);
    CliRun run =
        CliRun.playbookJson(
            playbook,
            inventory,
            dir.resolve("state.db"),
            "--known-hosts",
            ssh.knownHosts().toString());
    assertEquals(0, run.exitCode(), run::toString);
  }

  @Test
  void aSubsetAnsibleDoesNotKnowIsRefusedAtLoad() throws IOException {
    Path inventory = Files.writeString(dir.resolve("hosts.yml"), "all:\n  hosts:\n    db1:\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_subset: [network, hardwere]\n  tasks: []\n");
    CliRun run = CliRun.playbookJson(playbook, inventory, dir.resolve("state.db"));
    assertEquals(4, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("site.yml:2:18: Bad subset 'hardwere' given to Ansible."),
        run::toString);
  }
}
