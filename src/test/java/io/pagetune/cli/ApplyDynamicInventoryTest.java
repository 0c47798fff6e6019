package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.inventory.dynamic.TestScripts;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saved plan's inventory digest covers what a dynamic inventory answered, over a real SSH server:
 * the same script answering the same applies; the same script (not one byte changed) answering
 * otherwise refuses the apply before any host is contacted, as a changed inventory file does.
 */
class ApplyDynamicInventoryTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;
  private TestSshHost server;
  private Path root;
  private Path script;
  private Path answer;
  private Path playbook;

  @BeforeEach
  void project() throws Exception {
    server = ssh.start();
    root = Files.createDirectories(dir.resolve("root"));
    Files.writeString(root.resolve("pages.conf"), "vm.nr_hugepages = 8\n");
    Path data = Files.createDirectories(dir.resolve("data"));
    answer = data.resolve("answer.json");
    Path inv = Files.createDirectories(dir.resolve("inv"));
    // the script reads its answer elsewhere: only the answer changes, never the script
    script =
        TestScripts.write(
            inv,
            "cmdb.sh",
            "#!/bin/sh\n[ \"$1\" = --list ] && exec cat '" + answer + "'\necho '{}'\n");
    Path book = Files.createDirectories(dir.resolve("book"));
    playbook =
        Files.writeString(
            book.resolve("site.yml"),
            "- hosts: db\n  gather_facts: false\n  tasks:\n"
                + "    - copy: {dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages ="
                + " ${pages}\\n\"}\n");
  }

  private void answer(String rack) throws Exception {
    Files.writeString(
        answer,
        "{\"db\": {\"hosts\": [\"box\"]}, \"_meta\": {\"hostvars\": {\"box\": {"
            + "\"ansible_host\": \"127.0.0.1\", \"ansible_port\": "
            + server.port()
            + ", \"ansible_user\": \""
            + ssh.user()
            + "\", \"ansible_ssh_private_key_file\": \""
            + ssh.clientKey()
            + "\", \"root\": \""
            + root
            + "\", \"pages\": 16, \"rack\": \""
            + rack
            + "\"}}}}");
  }

  private CliRun cli(String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), argv.toArray(new String[0]));
  }

  private Path save() throws Exception {
    answer("rack 3");
    Path plan = dir.resolve("chg.plan");
    CliRun check =
        cli(
            "run",
            playbook.toString(),
            "-i",
            script.toString(),
            "--check",
            "--save-plan",
            plan.toString());
    assertEquals(0, check.exitCode(), check.toString());
    return plan;
  }

  @Test
  void theSameAnswerApplies() throws Exception {
    Path plan = save();
    CliRun apply = cli("apply", plan.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertEquals("vm.nr_hugepages = 16\n", Files.readString(root.resolve("pages.conf")));
  }

  @Test
  void anotherAnswerOfTheSameScriptRefusesTheApply() throws Exception {
    Path plan = save();
    String scriptBefore = Files.readString(script);
    answer("rack 7");

    CliRun apply = cli("apply", plan.toString());

    assertEquals(scriptBefore, Files.readString(script));
    assertEquals(4, apply.exitCode(), apply.toString());
    assertTrue(
        apply
            .err()
            .contains(
                "the inventory "
                    + script
                    + " is not the one the plan was made from (or changed since, or its source"
                    + " answers otherwise): make a new plan"),
        apply.err());
    assertEquals("vm.nr_hugepages = 8\n", Files.readString(root.resolve("pages.conf")));
  }
}
