package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
  @Test
  void versionAndHelpWithExamples() {
    CliRun version = CliRun.of("--version");
    assertEquals(0, version.exitCode());
    assertTrue(version.out().startsWith("pagetune "), version.toString());
    for (String cmd : new String[] {"run", "inventory"}) {
      CliRun help = CliRun.of(cmd, "--help");
      assertEquals(0, help.exitCode(), help.toString());
      assertTrue(help.out().contains("Examples:"), help.toString());
    }
  }

  @Test
  void unknownOptionIsInvalidInput() {
    CliRun run = CliRun.of("run", "playbooks/site.yml", "-i", "inventory/lab.yml", "--chek");
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(run.err().contains("--check"), "suggests the right option: " + run);
  }

  @Test
  void inventoryCommandShowsTheLab() throws Exception {
    CliRun graph = CliRun.of("inventory", "-i", "inventory/lab.yml", "--graph");
    assertEquals(0, graph.exitCode(), graph.toString());
    assertTrue(graph.out().contains("@oracle_db:"), graph.out());
    CliRun host = CliRun.of("inventory", "-i", "inventory/lab.yml", "--host", "localhost");
    JsonNode vars = new ObjectMapper().readTree(host.out());
    assertEquals("local", vars.get("ansible_connection").asText());
    assertEquals(0.7, vars.get("hugepages_max_memory_share").asDouble());
    CliRun list = CliRun.of("inventory", "-i", "inventory/lab.yml", "--list");
    assertTrue(new ObjectMapper().readTree(list.out()).has("_meta"), list.out());
  }

  @Test
  void shippedSiteRunsInCheckModeOnThisMachine() {
    CliRun run =
        CliRun.of("run", "playbooks/site.yml", "-i", "inventory/lab.yml", "--check", "--diff");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("+vm.nr_hugepages = "), run.out());
    assertTrue(run.out().contains("PLAY RECAP"), run.out());
  }

  @Test
  void applyRefusesACheckOnlyHostButCheckModeWorks(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("would-be-written");
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    localhost:\n      ansible_connection: local\n"
            + "      pagetune_check_only: true\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: localhost\n  gather_facts: false\n  tasks:\n"
            + "    - copy: { dest: "
            + target
            + ", content: x }\n");
    CliRun apply = CliRun.of("run", playbook.toString(), "-i", inventory.toString());
    assertEquals(2, apply.exitCode(), apply.toString());
    assertTrue(apply.out().contains("marked pagetune_check_only"), apply.out());
    assertFalse(Files.exists(target));
    CliRun check = CliRun.of("run", playbook.toString(), "-i", inventory.toString(), "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().contains("changed: [localhost]"), check.out());
    assertFalse(Files.exists(target));
  }

  @Test
  void extraVarsInEveryFormWinOverPlayVars(@TempDir Path dir) throws Exception {
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, "all:\n  hosts:\n    h:\n      ansible_connection: local\n");
    Path vars = dir.resolve("vars.yml");
    Files.writeString(vars, "c: from-file\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  vars: { a: play }\n  tasks:\n"
            + "    - debug: { msg: \"${a}|${b}|${c}|${d}\" }\n");
    CliRun run =
        CliRun.of(
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "-e",
            "a=1 b=\"two words\"",
            "-e",
            "@" + vars,
            "-e",
            "{d: 4}");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("ok: [h] => 1|two words|from-file|4"), run.out());
    CliRun bad = CliRun.of("run", playbook.toString(), "-i", inventory.toString(), "-e", "1x=2");
    assertEquals(4, bad.exitCode(), bad.toString());
    assertTrue(bad.err().contains("invalid variable name '1x'"), bad.toString());
  }
}
