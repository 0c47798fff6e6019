package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.plan.PlanReader;
import io.pagetune.plan.SavedPlan;
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

/**
 * A saved plan over a real SSH server and the local connection: the host whose file was edited
 * after the plan is refused with the diff and left as it is, the other host gets exactly the
 * planned content; a no_log task's secret never reaches the plan file.
 */
class ApplyCommandTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private CliRun cli(List<String> extra, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(extra);
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), all.toArray(new String[0]));
  }

  @Test
  void theDriftedLocalHostIsRefusedWhileTheSshHostIsApplied() throws Exception {
    TestSshHost server = ssh.start();
    Path remote = Files.createDirectories(dir.resolve("remote"));
    Path local = Files.createDirectories(dir.resolve("local"));
    for (Path root : List.of(remote, local)) {
      Files.writeString(root.resolve("97-hugepages.conf"), "vm.nr_hugepages = 8\n");
    }
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n"
                + "    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n      root: "
                + remote
                + "\n    here:\n      ansible_connection: local\n      root: "
                + local
                + "\n");
    Path book = Files.createDirectories(dir.resolve("book"));
    Path playbook =
        Files.writeString(
            book.resolve("site.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: pool\n"
                + "      copy: {dest: \"${root}/97-hugepages.conf\", content: \"vm.nr_hugepages ="
                + " 16\\n\"}\n"
                + "    - name: secret\n"
                + "      copy: {dest: \"${root}/db.cred\", content: \"password=${db_password}\\n\","
                + " mode: \"0600\"}\n"
                + "      no_log: true\n");
    List<String> known = List.of("--known-hosts", ssh.knownHosts().toString());
    Path plan = dir.resolve("chg.plan");

    CliRun check =
        cli(
            known,
            "run",
            playbook.toString(),
            "-i",
            inv.toString(),
            "--check",
            "--save-plan",
            plan.toString(),
            "-e",
            "db_password=hunter2");
    assertEquals(0, check.exitCode(), check.toString());
    String planText = Files.readString(plan);
    assertFalse(planText.contains("hunter2"), "the secret is kept as hashes only");
    SavedPlan saved = PlanReader.read(plan);
    assertEquals(2, saved.host("box").orElseThrow().writes().size());

    Files.writeString(local.resolve("97-hugepages.conf"), "vm.nr_hugepages = 12\n");

    CliRun noSecret = cli(known, "apply", plan.toString());
    assertEquals(4, noSecret.exitCode(), noSecret.toString());
    assertTrue(noSecret.err().contains("give it again with -e db_password="), noSecret.err());

    CliRun apply = cli(known, "apply", plan.toString(), "-e", "db_password=hunter2");
    assertEquals(2, apply.exitCode(), apply.toString());
    assertTrue(
        apply.out().contains("refused: [here]: " + local.resolve("97-hugepages.conf")),
        apply.out());
    assertTrue(apply.out().contains("-vm.nr_hugepages = 8"), apply.out());
    assertTrue(apply.out().contains("+vm.nr_hugepages = 12"), apply.out());
    assertFalse(apply.out().contains("hunter2"), apply.out());
    assertEquals("vm.nr_hugepages = 12\n", Files.readString(local.resolve("97-hugepages.conf")));
    assertFalse(Files.exists(local.resolve("db.cred")), "nothing written to the refused host");
    assertEquals("vm.nr_hugepages = 16\n", Files.readString(remote.resolve("97-hugepages.conf")));
    assertEquals("password=hunter2\n", Files.readString(remote.resolve("db.cred")));
  }
}
