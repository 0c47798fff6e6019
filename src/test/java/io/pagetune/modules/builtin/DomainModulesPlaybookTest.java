package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The new modules in a playbook run by the CLI on the local connection: a check run changes nothing
 * and reports the changes the apply then makes, the apply after it changes nothing, and a misspelt
 * argument stops the run at load with the file and line.
 */
class DomainModulesPlaybookTest {
  @TempDir Path dir;
  private Path etc;
  private Path inventory;

  @BeforeEach
  void setUp() throws Exception {
    etc = Files.createDirectories(dir.resolve("etc"));
    Files.writeString(etc.resolve("limits.conf"), "# limits\noracle hard memlock 1024\n");
    Files.writeString(
        etc.resolve("tuned.conf"), "[main]\nsummary=x\n[vm]\ntransparent_hugepages=always\n");
    Files.writeString(etc.resolve("sysctl.conf"), "vm.nr_hugepages=1024\n");
    inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    h1:\n      ansible_connection: local\n      root: " + etc + "\n");
  }

  private static final String PLAY =
      """
      - hosts: all
        gather_facts: false
        tasks:
          - name: limits file there?
            stat: { path: "${root}/limits.conf" }
            register: lim
          - name: memlock
            community.general.pam_limits:
              dest: "${root}/limits.conf"
              domain: oracle
              limit_type: hard
              limit_item: memlock
              value: unlimited
            when: lim.stat.exists && lim.stat.isreg
          - name: THP off for tuned
            community.general.ini_file: { path: "${root}/tuned.conf", section: vm, option: transparent_hugepages, value: never, no_extra_spaces: true }
          - name: huge pages
            replace: { path: "${root}/sysctl.conf", regexp: '^vm\\.nr_hugepages\\s*=\\s*1024$', replace: 'vm.nr_hugepages = 6144' }
          - name: read it back
            slurp: { src: "${root}/sysctl.conf" }
            register: conf
          - name: show it
            debug: { msg: "${b64decode(conf.content)?trim}" }
      """;

  @Test
  void checkPredictsTheApplyAndTheSecondApplyChangesNothing() throws Exception {
    Path playbook = dir.resolve("site.yml");
    Files.writeString(playbook, PLAY);
    String before = ModuleHarness.treeHash(etc);
    CliRun check = CliRun.of("run", playbook.toString(), "-i", inventory.toString(), "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertEquals(before, ModuleHarness.treeHash(etc), "check changed a file");
    assertTrue(check.out().contains("changed=3"), check.toString());

    CliRun apply = CliRun.of("run", playbook.toString(), "-i", inventory.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertTrue(apply.out().contains("changed=3"), apply.toString());
    assertTrue(apply.out().contains("vm.nr_hugepages = 6144"), apply.toString());
    assertEquals(
        "# limits\noracle\thard\tmemlock\tunlimited\n",
        Files.readString(etc.resolve("limits.conf")));
    assertEquals(
        "[main]\nsummary=x\n[vm]\ntransparent_hugepages=never\n",
        Files.readString(etc.resolve("tuned.conf")));

    CliRun again = CliRun.of("run", playbook.toString(), "-i", inventory.toString());
    assertEquals(0, again.exitCode(), again.toString());
    assertTrue(again.out().contains("changed=0"), again.toString());
  }

  @Test
  void theEditsAreJournaledSoARollbackRestoresTheFiles() throws Exception {
    Path playbook = dir.resolve("site.yml");
    Files.writeString(playbook, PLAY);
    Map<String, String> state = Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString());
    String before = ModuleHarness.treeHash(etc);
    CliRun apply = CliRun.withEnv(state, "run", playbook.toString(), "-i", inventory.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    Matcher id = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(apply.out());
    assertTrue(id.find(), apply.toString());
    CliRun rollback = CliRun.withEnv(state, "rollback", id.group(1), "-i", inventory.toString());
    assertEquals(0, rollback.exitCode(), rollback.toString());
    assertEquals(before, ModuleHarness.treeHash(etc), "the rollback restored every edit");
  }

  @Test
  void aMisspeltArgumentStopsTheRunAtLoadWithItsLine() throws Exception {
    Path playbook = dir.resolve("p.yml");
    Files.writeString(playbook, PLAY.replace("limit_item: memlock", "limit_itme: memlock"));
    String before = ModuleHarness.treeHash(etc);
    CliRun run = CliRun.of("run", playbook.toString(), "-i", inventory.toString());
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(run.err().contains("p.yml:8:"), run.toString());
    assertTrue(
        run.err().contains("pam_limits: unknown argument 'limit_itme'; did you mean 'limit_item'?"),
        run.toString());
    assertFalse(run.err().strip().contains("\n"), run.toString());
    assertEquals(before, ModuleHarness.treeHash(etc));
  }
}
