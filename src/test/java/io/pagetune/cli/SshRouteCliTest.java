package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run as an Ansible user writes it: a host behind a bastion ({@code -J} in {@code
 * ansible_ssh_common_args}) and a play {@code remote_user} that the inventory's {@code
 * ansible_user} overrides.
 */
class SshRouteCliTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void runReachesAHostThroughItsBastionAndInventoryUserBeatsRemoteUser() throws Exception {
    TestSshHost bastion = ssh.start();
    bastion.allowTcpForwarding();
    TestSshHost behind = ssh.start();
    TestSshHost direct = ssh.start();
    String key = ssh.clientKey().toString();
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n"
                + "    web1:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + behind.port()
                + "\n      ansible_user: inv_user\n      ansible_ssh_private_key_file: "
                + key
                + "\n      ansible_ssh_common_args: \"-J 127.0.0.1:"
                + bastion.port()
                + "\"\n"
                + "    web2:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + direct.port()
                + "\n      ansible_ssh_private_key_file: "
                + key
                + "\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  remote_user: play_user\n  tasks:\n"
                + "    - command: \"true\"\n");
    CliRun run =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()),
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--known-hosts",
            ssh.knownHosts().toString(),
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(List.of("127.0.0.1:" + behind.port()), bastion.forwardedTo());
    assertEquals(List.of("inv_user"), behind.loginUsers().stream().distinct().toList());
    assertEquals(List.of("play_user"), direct.loginUsers().stream().distinct().toList());
    assertEquals(List.of(), direct.forwardedTo());
  }
}
