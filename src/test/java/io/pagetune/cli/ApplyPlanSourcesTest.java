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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saved plan binds the files its check run read, over a real SSH server: a plan saved beside the
 * playbook and other files there do not stop it, while a changed or removed template, vars file,
 * copy source or inventory vars file refuses it, naming that file.
 */
class ApplyPlanSourcesTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;
  private Path root;
  private Path book;
  private Path inventory;
  private Path playbook;

  @BeforeEach
  void project() throws Exception {
    TestSshHost server = ssh.start();
    root = Files.createDirectories(dir.resolve("root"));
    Files.writeString(root.resolve("pages.conf"), "vm.nr_hugepages = 8\n");
    inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n");
    Files.createDirectories(dir.resolve("group_vars"));
    Files.writeString(dir.resolve("group_vars/all.yml"), "root: " + root + "\n");
    book = Files.createDirectories(dir.resolve("book"));
    Files.createDirectories(book.resolve("templates"));
    Files.createDirectories(book.resolve("files"));
    Files.writeString(book.resolve("templates/pages.conf.ftl"), "vm.nr_hugepages = ${pages}\n");
    Files.writeString(book.resolve("files/motd"), "huge pages by pagetune\n");
    Files.writeString(book.resolve("vars.yml"), "pages: 16\n");
    Files.writeString(book.resolve("other.yml"), "- hosts: all\n  tasks: []\n");
    playbook =
        Files.writeString(
            book.resolve("site.yml"),
            String.join(
                "\n",
                "- hosts: all",
                "  gather_facts: false",
                "  vars_files: [vars.yml]",
                "  tasks:",
                "    - name: pool",
                "      template: {src: pages.conf.ftl, dest: \"${root}/pages.conf\"}",
                "    - name: motd",
                "      copy: {src: motd, dest: \"${root}/motd\"}",
                ""));
  }

  private CliRun cli(String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), argv.toArray(new String[0]));
  }

  private void save(Path plan) {
    CliRun check =
        cli(
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--check",
            "--save-plan",
            plan.toString());
    assertEquals(0, check.exitCode(), check.toString());
  }

  @Test
  void aPlanSavedBesideThePlaybookAppliesWhateverElseChangesThere() throws Exception {
    // a JSON document among the playbook's own files, as a board's tooling would keep it
    Path plan = Files.createDirectories(book.resolve("plans")).resolve("chg0040007.json");
    save(plan);
    save(book.resolve("chg0040008.json"));
    Files.writeString(book.resolve("other.yml"), "- hosts: all\n  tasks: [{ping: {}}]\n");
    Files.writeString(book.resolve("templates/unused.ftl"), "not read by the plan's run\n");

    CliRun apply = cli("apply", plan.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertEquals("vm.nr_hugepages = 16\n", Files.readString(root.resolve("pages.conf")));
    assertEquals("huge pages by pagetune\n", Files.readString(root.resolve("motd")));
  }

  @Test
  void aChangedFileThePlanReadRefusesItNamingThatFile() throws Exception {
    Path plan = dir.resolve("chg.plan");
    Map<String, String> edits =
        Map.of(
            "book/templates/pages.conf.ftl", "vm.nr_hugepages = ${pages * 2}\n",
            "book/vars.yml", "pages: 99\n",
            "book/files/motd", "something else\n",
            "group_vars/all.yml", "root: " + root + "\nextra: 1\n");
    for (Map.Entry<String, String> edit : edits.entrySet()) {
      save(plan);
      Path file = dir.resolve(edit.getKey());
      String before = Files.readString(file);
      Files.writeString(file, edit.getValue());
      CliRun apply = cli("apply", plan.toString());
      assertEquals(4, apply.exitCode(), apply.toString());
      assertTrue(
          apply.err().contains(file + " changed since the plan was made: make a new plan"),
          apply.err());
      Files.writeString(file, before);
    }
    assertEquals("vm.nr_hugepages = 8\n", Files.readString(root.resolve("pages.conf")));
    assertFalse(Files.exists(root.resolve("motd")), "no host was touched");
  }

  @Test
  void aFileThePlanReadThatIsGoneIsNamed() throws Exception {
    Path plan = dir.resolve("chg.plan");
    save(plan);
    Files.delete(book.resolve("vars.yml"));
    CliRun apply = cli("apply", plan.toString());
    assertEquals(4, apply.exitCode(), apply.toString());
    assertTrue(
        apply.err().contains(book.resolve("vars.yml") + " (read by the plan's check run) is gone"),
        apply.err());
    assertEquals("vm.nr_hugepages = 8\n", Files.readString(root.resolve("pages.conf")));
  }
}
