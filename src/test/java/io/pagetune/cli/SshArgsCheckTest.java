package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ssh arguments pagetune cannot honour stop the run when the inventory loads (exit 4). */
class SshArgsCheckTest {
  @TempDir Path dir;

  private CliRun run(String inventoryText) throws Exception {
    Path marker = dir.resolve("touched");
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, inventoryText.replace("MARKER", marker.toString()));
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: h1\n  gather_facts: false\n  tasks:\n"
            + "    - file: { path: \"${marker}\", state: touch }\n");
    return CliRun.of("run", rel(playbook), "-i", rel(inventory));
  }

  @Test
  void proxyCommandInTheInventoryFailsBeforeAnyHostIsContacted() throws Exception {
    CliRun run =
        run(
            "all:\n  hosts:\n    h1:\n      ansible_connection: local\n      marker: MARKER\n"
                + "    web1:\n      ansible_host: 192.0.2.10\n"
                + "      ansible_ssh_common_args: \"-o ProxyCommand='ssh -W %h:%p jump'\"\n");
    assertEquals(4, run.exitCode(), run.toString());
    String line = run.err().strip();
    assertFalse(line.contains("\n"), run.toString());
    assertTrue(line.contains("hosts.yml:"), run.toString());
    assertTrue(
        line.contains(
            "web1: ansible_ssh_common_args: ssh argument '-o ProxyCommand=ssh -W %h:%p jump' is"
                + " not supported by pagetune"),
        run.toString());
    assertFalse(Files.exists(dir.resolve("touched")), "a host was touched despite bad input");
  }

  @Test
  void supportedArgumentsAndTemplatesPassTheCheck() throws Exception {
    CliRun run =
        run(
            "all:\n  hosts:\n    h1:\n      ansible_connection: local\n      marker: MARKER\n"
                + "    web1:\n      ansible_host: 192.0.2.10\n"
                + "      ansible_ssh_common_args: \"-J admin@bastion:2222 -o ConnectTimeout=5\"\n"
                + "    web2:\n      ansible_host: 192.0.2.11\n"
                + "      ansible_ssh_extra_args: \"-o ProxyJump=${jump_host}\"\n");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(Files.exists(dir.resolve("touched")), run.toString());
  }

  private String rel(Path p) {
    return Path.of("").toAbsolutePath().relativize(p.toAbsolutePath()).toString();
  }
}
