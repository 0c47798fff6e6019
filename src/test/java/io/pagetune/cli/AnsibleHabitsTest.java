package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The ansible-playbook command-line habits and ansible.cfg, through the real CLI. */
class AnsibleHabitsTest {
  @TempDir Path tmp;

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static final String PLAYBOOK =
      "- name: Web tier\n"
          + "  hosts: web\n"
          + "  gather_facts: false\n"
          + "  tags: [tier]\n"
          + "  tasks:\n"
          + "    - name: say hello\n"
          + "      command: echo hello\n"
          + "      tags: [greet]\n"
          + "    - block:\n"
          + "        - name: inside a block\n"
          + "          command: echo block\n"
          + "          tags: [files]\n"
          + "- name: Everyone\n"
          + "  hosts: all\n"
          + "  gather_facts: false\n"
          + "  tasks:\n"
          + "    - name: untagged\n"
          + "      command: echo plain\n";

  private Path playbook() throws Exception {
    return Files.writeString(tmp.resolve("site.yml"), PLAYBOOK);
  }

  private Path webInventory() throws Exception {
    return Files.writeString(tmp.resolve("hosts.ini"), "[web]\nweb1\nweb2\n");
  }

  @Test
  void listHostsMergesSeveralInventoriesAndHostListsWithoutContactingThem() throws Exception {
    CliRun r =
        CliRun.of(
            "run",
            playbook().toString(),
            "-i",
            webInventory().toString(),
            "-i",
            "db1, db2:2222,",
            "--list-hosts");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(
        r.out()
            .contains(
                "  play #1 (web): Web tier\tTAGS: [tier]\n"
                    + "    pattern: ['web']\n"
                    + "    hosts (2):\n"
                    + "      web1\n"
                    + "      web2\n"),
        r.toString());
    assertTrue(
        r.out().contains("    hosts (4):\n      web1\n      web2\n      db1\n      db2\n"),
        r.toString());
    CliRun limited =
        CliRun.of(
            "run",
            playbook().toString(),
            "-i",
            webInventory().toString(),
            "-i",
            "db1,db2,",
            "--limit",
            "web2:db1",
            "--list-hosts");
    assertEquals(0, limited.exitCode(), limited.toString());
    assertTrue(limited.out().contains("    hosts (1):\n      web2\n"), limited.toString());
    assertTrue(
        limited.out().contains("    hosts (2):\n      web2\n      db1\n"), limited.toString());
  }

  @Test
  void aSingleNameWithoutCommaIsNotAHostList() throws Exception {
    CliRun r = CliRun.of("run", playbook().toString(), "-i", "web1", "--list-hosts");
    assertEquals(4, r.exitCode(), r.toString());
    assertEquals("web1:1:1: inventory not found\n", r.err());
  }

  @Test
  void listTasksHonoursTagsAndListTagsShowsEachPlaysTags() throws Exception {
    CliRun tasks =
        CliRun.of(
            "run", playbook().toString(), "-i", "web1,", "--list-tasks", "--skip-tags", "greet");
    assertEquals(0, tasks.exitCode(), tasks.toString());
    assertTrue(
        tasks.out().contains("    tasks:\n      inside a block\tTAGS: [tier, files]\n\n  play #2"),
        tasks.toString());
    assertTrue(tasks.out().contains("    tasks:\n      untagged\tTAGS: []\n"), tasks.toString());
    assertFalse(tasks.out().contains("say hello"), tasks.toString());
    CliRun tags = CliRun.of("run", playbook().toString(), "-i", "web1,", "--list-tags");
    assertEquals(0, tags.exitCode(), tags.toString());
    assertTrue(tags.out().contains("      TASK TAGS: [files, greet, tier]\n"), tags.toString());
    assertTrue(tags.out().contains("      TASK TAGS: []\n"), tags.toString());
  }

  @Test
  void startAtTaskSkipsEarlierTasksAndPlays() throws Exception {
    CliRun block =
        CliRun.of(
            "run",
            playbook().toString(),
            "-i",
            "web1,",
            "--list-tasks",
            "--start-at-task",
            "inside a block");
    assertEquals(0, block.exitCode(), block.toString());
    assertTrue(
        block.out().contains("    tasks:\n      inside a block\tTAGS: [tier, files]\n\n  play #2"),
        block.toString());
    assertFalse(block.out().contains("say hello"), block.toString());
    CliRun glob =
        CliRun.of(
            "run", playbook().toString(), "-i", "web1,", "--list-tasks", "--start-at-task", "unt*");
    assertEquals(0, glob.exitCode(), glob.toString());
    assertTrue(glob.out().contains("  play #1 (all): Everyone"), glob.toString());
    assertFalse(glob.out().contains("Web tier"), glob.toString());
    Path local =
        Files.writeString(tmp.resolve("local.ini"), "[web]\nw1 ansible_connection=local\n");
    CliRun run =
        CliRun.of(
            "run",
            playbook().toString(),
            "-i",
            local.toString(),
            "--start-at-task",
            "inside*",
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("inside a block"), run.toString());
    assertFalse(run.out().contains("say hello"), run.toString());
    CliRun none =
        CliRun.of(
            "run", playbook().toString(), "-i", "web1,", "--list-tasks", "--start-at-task", "nope");
    assertEquals(4, none.exitCode(), none.toString());
    assertTrue(none.err().contains("--start-at-task:1:1: no task of "), none.toString());
    assertTrue(none.err().contains(" is named 'nope'"), none.toString());
  }

  @Test
  void syntaxCheckValidatesWithoutInventoryAndReportsTheLine() throws Exception {
    CliRun ok = CliRun.of("run", playbook().toString(), "--syntax-check");
    assertEquals(0, ok.exitCode(), ok.toString());
    assertTrue(ok.out().contains("playbook: "), ok.toString());
    Path bad =
        Files.writeString(
            tmp.resolve("bad.yml"),
            "- hosts: all\n  tasks:\n    - name: typo\n      comand: echo hi\n");
    CliRun r = CliRun.of("run", bad.toString(), "--syntax-check");
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains("bad.yml:4:"), r.toString());
    CliRun none = CliRun.of("run", playbook().toString(), "--list-hosts");
    assertEquals(4, none.exitCode(), none.toString());
    assertTrue(
        none.err()
            .contains(
                "no inventory: give -i INVENTORY, or set inventory in ansible.cfg or"
                    + " ANSIBLE_INVENTORY"),
        none.toString());
  }

  @Test
  void inventoryComesFromTheCommandLineThenAnsibleInventoryThenAnsibleCfg() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("project"));
    Files.writeString(dir.resolve("cfg-hosts.ini"), "[web]\nfromcfg\n");
    Path cfg =
        Files.writeString(
            dir.resolve("ansible.cfg"),
            "[defaults]\ninventory = cfg-hosts.ini\ngathering = explicit\n");
    Map<String, String> env = Map.of("ANSIBLE_CONFIG", cfg.toString());
    CliRun fromCfg = CliRun.withEnv(env, "run", playbook().toString(), "--list-hosts");
    assertEquals(0, fromCfg.exitCode(), fromCfg.toString());
    assertTrue(fromCfg.out().contains("hosts (1):\n      fromcfg\n"), fromCfg.toString());
    assertTrue(
        fromCfg
            .err()
            .contains(
                "[WARNING]: " + cfg + ":3: [defaults] gathering is not supported by pagetune;"),
        fromCfg.toString());
    Map<String, String> withVar = new java.util.HashMap<>(env);
    // like Ansible's, the variable is a comma-separated list of inventory paths
    Path envHosts = Files.writeString(tmp.resolve("env-hosts.ini"), "[web]\nfromenv\n");
    withVar.put("ANSIBLE_INVENTORY", envHosts + ",");
    CliRun fromEnv = CliRun.withEnv(withVar, "run", playbook().toString(), "--list-hosts");
    assertTrue(fromEnv.out().contains("hosts (1):\n      fromenv\n"), fromEnv.toString());
    CliRun fromCli =
        CliRun.withEnv(withVar, "run", playbook().toString(), "-i", "fromcli,", "--list-hosts");
    assertTrue(fromCli.out().contains("hosts (1):\n      fromcli\n"), fromCli.toString());
    assertFalse(fromCli.out().contains("fromenv"), fromCli.toString());
  }

  @Test
  void userAndBecomeUserAreDefaultsThatInventoryVariablesOverride() throws Exception {
    Path inv =
        Files.writeString(
            tmp.resolve("local.ini"),
            "[all:vars]\nansible_connection=local\n[web]\nplain\nown ansible_user=mine\n");
    Path book =
        Files.writeString(
            tmp.resolve("who.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - debug:\n"
                + "        msg: \"user=${ansible_user} become_user=${ansible_become_user}\"\n");
    CliRun r =
        CliRun.of(
            "run",
            book.toString(),
            "-i",
            inv.toString(),
            "-u",
            "deploy",
            "--become-user",
            "oracle",
            "--progress",
            "none");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains("user=deploy become_user=oracle"), r.toString());
    assertTrue(r.out().contains("user=mine become_user=oracle"), r.toString());
  }

  private List<String> runArgs(Path inventory, String... extra) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                playbook().toString(),
                "-i",
                inventory.toString(),
                "--known-hosts",
                ssh.knownHosts().toString(),
                "--progress",
                "none"));
    args.addAll(List.of(extra));
    return args;
  }

  private Path sshInventory(TestSshHost host) throws Exception {
    return Files.writeString(
        tmp.resolve("ssh.yml"),
        "web:\n  hosts:\n    web1:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + host.port()
            + "\n      ansible_user: "
            + ssh.user()
            + "\n");
  }

  @Test
  void privateKeyFileFromAnsibleCfgReachesARealSshHost() throws Exception {
    TestSshHost host = ssh.start();
    Path inv = sshInventory(host);
    Path empty = Files.createDirectories(tmp.resolve("nokeys"));
    // no default key of the machine may log in: HOME points at an empty directory
    Map<String, String> noKeys = Map.of("HOME", empty.toString());
    CliRun without = CliRun.withEnv(noKeys, runArgs(inv).toArray(String[]::new));
    assertEquals(3, without.exitCode(), without.toString());
    Path cfg =
        Files.writeString(
            tmp.resolve("ansible.cfg"), "[defaults]\nprivate_key_file = " + ssh.clientKey() + "\n");
    CliRun with =
        CliRun.withEnv(
            Map.of("HOME", empty.toString(), "ANSIBLE_CONFIG", cfg.toString()),
            runArgs(inv).toArray(String[]::new));
    assertEquals(0, with.exitCode(), with.toString());
    CliRun cli =
        CliRun.withEnv(
            noKeys,
            runArgs(inv, "--private-key", ssh.clientKey().toString()).toArray(String[]::new));
    assertEquals(0, cli.exitCode(), cli.toString());
  }

  @Test
  void eachVerbosityLevelAddsResultsThenCommandsAndTimingThenConnections() throws Exception {
    TestSshHost host = ssh.start();
    Path inv = sshInventory(host);
    String key = ssh.clientKey().toString();
    CliRun quiet = CliRun.of(runArgs(inv, "--private-key", key).toArray(String[]::new));
    assertEquals(0, quiet.exitCode(), quiet.toString());
    assertFalse(quiet.out().contains("=> {"), quiet.toString());
    assertFalse(quiet.err().contains("EXEC"), quiet.toString());

    CliRun v = CliRun.of(runArgs(inv, "--private-key", key, "-v").toArray(String[]::new));
    assertEquals(0, v.exitCode(), v.toString());
    assertTrue(v.out().contains("  [web1] => {"), v.toString());
    assertTrue(v.out().contains("\"stdout\":\"hello\""), v.toString());
    assertFalse(v.err().contains("EXEC"), v.toString());

    CliRun vv = CliRun.of(runArgs(inv, "--private-key", key, "-vv").toArray(String[]::new));
    assertEquals(0, vv.exitCode(), vv.toString());
    assertTrue(vv.err().contains("<web1> EXEC: echo hello"), vv.toString());
    assertTrue(vv.err().matches("(?s).*<web1> EXIT 0 in \\d+\\.\\d{3} s.*"), vv.toString());
    assertFalse(vv.err().contains("ESTABLISH"), vv.toString());

    CliRun vvv = CliRun.of(runArgs(inv, "--private-key", key, "-vvv").toArray(String[]::new));
    assertEquals(0, vvv.exitCode(), vvv.toString());
    assertTrue(
        vvv.err()
            .contains(
                "<web1> ESTABLISH SSH CONNECTION FOR USER: "
                    + ssh.user()
                    + " TO 127.0.0.1:"
                    + host.port()
                    + " KEY "
                    + key),
        vvv.toString());
    assertTrue(vvv.err().matches("(?s).*<web1> CONNECTED in \\d+\\.\\d{3} s.*"), vvv.toString());
  }

  @Test
  void askPassLogsInWithThePasswordFromTheEnvironmentNeverArgv() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPassword("s3cret pw"));
    Path inv = sshInventory(host);
    Path empty = Files.createDirectories(tmp.resolve("nokeys"));
    Map<String, String> env =
        Map.of("HOME", empty.toString(), AnsibleOptions.SSH_PASSWORD_ENV, "s3cret pw");
    CliRun without = CliRun.withEnv(env, runArgs(inv).toArray(String[]::new));
    assertEquals(3, without.exitCode(), without.toString());
    CliRun with = CliRun.withEnv(env, runArgs(inv, "-k").toArray(String[]::new));
    assertEquals(0, with.exitCode(), with.toString());
    assertFalse(with.out().contains("s3cret") || with.err().contains("s3cret"), with.toString());
    CliRun noTerminal =
        CliRun.withEnv(Map.of("HOME", empty.toString()), runArgs(inv, "-k").toArray(String[]::new));
    assertEquals(4, noTerminal.exitCode(), noTerminal.toString());
    assertTrue(
        noTerminal.err().contains("no terminal to prompt on; set PAGETUNE_SSH_PASSWORD instead"),
        noTerminal.toString());
  }
}
