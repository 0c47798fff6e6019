package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.ChangeEvents;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The check-vs-apply corpus: for each multi-task scenario, the (host, task, path) changes {@code
 * --check} predicts equal those the following apply makes (both read from the JSON events), the
 * check leaves the hosts untouched, and a second {@code --check} after the apply predicts nothing.
 * Hosts are local, each under its own temp root ({@code ${root}}).
 */
class CheckPredictsApplyTest {
  @TempDir Path dir;

  /**
   * One scenario: files to seed under each host's root, then the tasks of a playbook. A scenario
   * that {@code converges} changes nothing on a second run; one that does not (its tasks undo each
   * other, as some real playbooks do) must still be predicted on the second run.
   */
  record Scenario(String name, Map<String, String> seed, String play, boolean converges) {
    Scenario(String name, Map<String, String> seed, String play) {
      this(name, seed, play, true);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private static final String HEAD = "- hosts: all\n  gather_facts: false\n";

  static Stream<Scenario> corpus() {
    return Stream.of(
        new Scenario(
            "directory created, then a file written into it",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/app', state: directory}\n"
                + "    - copy: {dest: '${root}/app/app.conf', content: \"pages=64K\\n\"}\n"),
        new Scenario(
            "nested directories, then a template rendered into the deepest",
            Map.of(),
            HEAD
                + "  vars: {size: 2048}\n"
                + "  tasks:\n"
                + "    - file: {path: '${root}/etc/pagetune/conf.d', state: directory}\n"
                + "    - template: {src: TEMPLATE, dest: '${root}/etc/pagetune/conf.d/pool.conf'}\n"
                + "    - template: {src: TEMPLATE, dest: '${root}/etc/pagetune/conf.d/pool.conf'}\n"),
        new Scenario(
            "loop over files into a created directory",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/limits.d', state: directory, mode: '0750'}\n"
                + "    - copy: {dest: '${root}/limits.d/${item}.conf', content: \"${item}\\n\"}\n"
                + "      loop: [oracle, grid, sapadm]\n"
                + "    - copy: {dest: '${root}/limits.d/${item}.conf', content: \"${item}\\n\"}\n"
                + "      loop: [oracle, grid]\n"),
        new Scenario(
            "loop of directories, then a loop of files in them",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/${item}', state: directory}\n"
                + "      loop: [a, b/c]\n"
                + "    - copy: {dest: '${root}/${item}/marker', content: \"x\\n\"}\n"
                + "      loop: [a, b, b/c]\n"),
        new Scenario(
            "lineinfile after copy",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/sysctl.conf', content: \"kernel.shmmax = 1\\n\"}\n"
                + "    - lineinfile: {path: '${root}/sysctl.conf', line: 'vm.nr_hugepages = 512'}\n"
                + "    - lineinfile: {path: '${root}/sysctl.conf', regexp: '^kernel.shmmax',"
                + " line: 'kernel.shmmax = 1'}\n",
            false),
        new Scenario(
            "lineinfile create: true in a directory an earlier task creates",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/security', state: directory}\n"
                + "    - lineinfile: {path: '${root}/security/limits.conf', create: true,"
                + " line: 'oracle soft memlock unlimited'}\n"
                + "    - lineinfile: {path: '${root}/security/limits.conf',"
                + " line: 'oracle hard memlock unlimited'}\n"),
        new Scenario(
            "blockinfile after a template",
            Map.of(),
            HEAD
                + "  vars: {size: 512}\n"
                + "  tasks:\n"
                + "    - template: {src: TEMPLATE, dest: '${root}/pool.conf'}\n"
                + "    - blockinfile: {path: '${root}/pool.conf', block: \"extra = 1\\n\"}\n"
                + "    - blockinfile: {path: '${root}/pool.conf', block: \"extra = 1\\n\"}\n",
            false),
        new Scenario(
            "mode changed after a write, and set again to the same",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/secret', content: \"s\\n\"}\n"
                + "    - file: {path: '${root}/secret', mode: '0600'}\n"
                + "    - file: {path: '${root}/secret', mode: '0600'}\n"
                + "    - copy: {dest: '${root}/secret', content: \"s\\n\", mode: '0600'}\n"),
        new Scenario(
            "touch, then mode, then content",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/flag', state: touch}\n"
                + "    - file: {path: '${root}/flag', state: file, mode: '0640'}\n"
                + "    - copy: {dest: '${root}/flag', content: \"on\\n\"}\n"),
        new Scenario(
            "the same file written twice with different content",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/motd', content: \"one\\n\"}\n"
                + "    - copy: {dest: '${root}/motd', content: \"two\\n\"}\n"
                + "    - copy: {dest: '${root}/motd', content: \"two\\n\"}\n",
            false),
        new Scenario(
            "a seeded tree removed, then created again",
            Map.of("old/conf.d/a.conf", "a\n", "old/conf.d/b.conf", "b\n"),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/old', state: absent}\n"
                + "    - file: {path: '${root}/old/conf.d/a.conf', state: absent}\n"
                + "    - file: {path: '${root}/old/conf.d', state: directory}\n"
                + "    - copy: {dest: '${root}/old/conf.d/a.conf', content: \"a\\n\"}\n",
            false),
        new Scenario(
            "a file written, then removed",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/tmpfile', content: \"t\\n\"}\n"
                + "    - file: {path: '${root}/tmpfile', state: absent}\n"
                + "    - file: {path: '${root}/tmpfile', state: absent}\n",
            false),
        new Scenario(
            "a handler notified by a predicted change writes into a created directory",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/run', state: directory}\n"
                + "    - copy: {dest: '${root}/app.conf', content: \"v2\\n\"}\n"
                + "      notify: record reload\n"
                + "  handlers:\n"
                + "    - name: record reload\n"
                + "      copy: {dest: '${root}/run/reloaded', content: \"yes\\n\"}\n"),
        new Scenario(
            "handlers not notified when the file is already right",
            Map.of("app.conf", "v2\n"),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/app.conf', content: \"v2\\n\"}\n"
                + "      notify: record reload\n"
                + "    - copy: {dest: '${root}/other', content: \"o\\n\"}\n"
                + "  handlers:\n"
                + "    - name: record reload\n"
                + "      copy: {dest: '${root}/reloaded', content: \"yes\\n\"}\n"),
        new Scenario(
            "block, rescue and always",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - block:\n"
                + "        - file: {path: '${root}/b', state: directory}\n"
                + "        - copy: {dest: '${root}/b/first', content: \"1\\n\"}\n"
                + "        - fail: {msg: planned failure}\n"
                + "        - copy: {dest: '${root}/b/never', content: \"n\\n\"}\n"
                + "      rescue:\n"
                + "        - copy: {dest: '${root}/b/rescued', content: \"r\\n\"}\n"
                + "      always:\n"
                + "        - lineinfile: {path: '${root}/b/first', line: 'always'}\n",
            false),
        new Scenario(
            "serial batches, each host under its own root",
            Map.of(),
            "- hosts: all\n  gather_facts: false\n  serial: 1\n"
                + "  tasks:\n"
                + "    - file: {path: '${root}/srv/${inventory_hostname}', state: directory}\n"
                + "    - copy: {dest: '${root}/srv/${inventory_hostname}/id',"
                + " content: \"${inventory_hostname}\\n\"}\n"),
        new Scenario(
            "register and when on a command check mode skips",
            Map.of("seed.txt", "from the host\n"),
            HEAD
                + "  tasks:\n"
                + "    - command: cat ${root}/seed.txt\n"
                + "      register: seed\n"
                + "      changed_when: false\n"
                + "    - debug: {msg: 'read ${seed.stdout_lines?size} line(s): ${seed.stdout}'}\n"
                + "    - copy: {dest: '${root}/rc', content: \"rc=${seed.rc}\\n\"}\n"
                + "      when: seed.rc == 0\n"
                + "    - copy: {dest: '${root}/never', content: \"x\\n\"}\n"
                + "      when: seed.rc != 0\n"),
        new Scenario(
            "command with creates: a file an earlier task writes",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/done', content: \"d\\n\"}\n"
                + "    - command: touch ${root}/created-by-command\n"
                + "      args: {creates: '${root}/done'}\n"),
        new Scenario(
            "set_fact names the file later tasks write",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - set_fact: {conf_dir: '${root}/facts.d', conf_file: 'pool.fact'}\n"
                + "    - file: {path: '${conf_dir}', state: directory}\n"
                + "    - copy: {dest: '${conf_dir}/${conf_file}', content: \"p\\n\"}\n"
                + "      register: written\n"
                + "    - copy: {dest: '${conf_dir}/written-changed', content: \"${written.changed?c}\\n\"}\n",
            false),
        new Scenario(
            "two sysctl keys persisted into one file an earlier task creates",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/sysctl.d', state: directory}\n"
                + "    - sysctl: {name: vm.nr_hugepages, value: '512',"
                + " reload: false,"
                + " sysctl_file: '${root}/sysctl.d/99-hugepages.conf'}\n"
                + "    - sysctl: {name: vm.hugetlb_shm_group, value: '54321',"
                + " reload: false,"
                + " sysctl_file: '${root}/sysctl.d/99-hugepages.conf'}\n"
                + "    - sysctl: {name: vm.nr_hugepages, value: '512',"
                + " reload: false,"
                + " sysctl_file: '${root}/sysctl.d/99-hugepages.conf'}\n"),
        new Scenario(
            "restore_file from a backup an earlier task writes",
            Map.of("app.conf", "broken\n"),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/app.conf.keep', content: \"good\\n\"}\n"
                + "    - restore_file: {path: '${root}/app.conf', backup: '${root}/app.conf.keep'}\n"
                + "    - lineinfile: {path: '${root}/app.conf', line: 'good'}\n"),
        new Scenario(
            "idempotent: a seeded host already right changes only what is missing",
            Map.of("etc/app.conf", "pages=64K\n", "etc/limits", "memlock unlimited\n"),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/etc', state: directory}\n"
                + "    - copy: {dest: '${root}/etc/app.conf', content: \"pages=64K\\n\"}\n"
                + "    - lineinfile: {path: '${root}/etc/limits', line: 'memlock unlimited'}\n"
                + "    - copy: {dest: '${root}/etc/new', content: \"n\\n\"}\n"),
        new Scenario(
            "a directory's mode set after mkdir, with and without a mode",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/plain', state: directory}\n"
                + "    - file: {path: '${root}/plain', state: directory, mode: '0755'}\n"
                + "    - file: {path: '${root}/locked', state: directory, mode: '0700'}\n"
                + "    - file: {path: '${root}/locked', state: directory, mode: '0700'}\n"),
        new Scenario(
            "owner and group of a new file as the user the task runs as",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - copy: {dest: '${root}/owned', content: \"o\\n\"}\n"
                + "    - file: {path: '${root}/owned', owner: '${owner}', group: '${group}'}\n"
                + "    - file: {path: '${root}/dir', state: directory}\n"
                + "    - file: {path: '${root}/dir', state: directory, owner: '${owner}'}\n"),
        new Scenario(
            "check_mode: false task writes for real, later tasks plan on the host",
            Map.of(),
            HEAD
                + "  tasks:\n"
                + "    - file: {path: '${root}/real', state: directory}\n"
                + "      check_mode: false\n"
                + "    - copy: {dest: '${root}/real/inside', content: \"i\\n\"}\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void checkPredictsWhatTheApplyChanges(Scenario scenario) throws IOException {
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/pool.conf.ftl"), "vm.nr_hugepages = ${size}\n");
    String owner = System.getProperty("user.name");
    String group =
        Files.readAttributes(dir, java.nio.file.attribute.PosixFileAttributes.class)
            .group()
            .getName();
    Path rootA = seed(dir.resolve("hosts/box1"), scenario.seed());
    Path rootB = seed(dir.resolve("hosts/box2"), scenario.seed());
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  vars: {owner: '"
                + owner
                + "', group: '"
                + group
                + "'}\n  hosts:\n"
                + "    box1: {ansible_connection: local, root: '"
                + rootA
                + "'}\n"
                + "    box2: {ansible_connection: local, root: '"
                + rootB
                + "'}\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"), scenario.play().replace("TEMPLATE", "pool.conf.ftl"));
    boolean writesInCheck = scenario.play().contains("check_mode: false");
    assertCheckPredictsApply(
        playbook, inventory, scenario.converges(), writesInCheck, rootA, rootB);
  }

  /** The benchmark's playbook (reads facts with check_mode: false, notifies a command handler). */
  @Test
  void theBenchPlaybookToo() throws IOException {
    Path root = seed(dir.resolve("hosts/bench"), Map.of());
    Path inventory =
        Files.writeString(
            dir.resolve("bench.yml"),
            "all:\n  hosts:\n    bench: {ansible_connection: local, root: '" + root + "'}\n");
    Path playbook = dir.resolve("bench-playbook.yml");
    Files.copy(Path.of("bench/scenario/pagetune.yml"), playbook);
    Files.createDirectories(dir.resolve("templates"));
    Files.copy(
        Path.of("bench/scenario/templates/bench-sysctl.conf.ftl"),
        dir.resolve("templates/bench-sysctl.conf.ftl"));
    assertCheckPredictsApply(playbook, inventory, true, false, root);
  }

  /**
   * Twice: {@code --check} (which must leave the roots alone unless a task says {@code check_mode:
   * false}), then apply; the predicted changes equal the applied ones each time, and a playbook
   * that converges predicts nothing the second time.
   */
  private void assertCheckPredictsApply(
      Path playbook, Path inventory, boolean converges, boolean writesInCheck, Path... roots) {
    for (int round = 1; round <= 2; round++) {
      String before = hash(roots);
      CliRun check = run(playbook, inventory, "--check");
      assertEquals(0, check.exitCode(), check::toString);
      if (!writesInCheck) {
        assertEquals(before, hash(roots), "--check changed a host");
      }
      CliRun apply = run(playbook, inventory);
      assertEquals(0, apply.exitCode(), apply::toString);
      Set<String> predicted = ChangeEvents.of(check);
      Set<String> applied = ChangeEvents.of(apply);
      if (writesInCheck) {
        // what the check really wrote is not the apply's to change any more
        predicted.removeIf(c -> c.endsWith("/real"));
      }
      if (round == 1) {
        assertFalse(applied.isEmpty(), () -> "the playbook changes nothing: " + apply);
      } else if (converges) {
        assertEquals(Set.of(), predicted, check::toString);
      }
      int r = round;
      assertEquals(
          applied, predicted, () -> "round " + r + "\ncheck:\n" + check + "\napply:\n" + apply);
    }
  }

  private static String hash(Path... roots) {
    return TreeHash.ofAll(List.of(roots));
  }

  private static Path seed(Path root, Map<String, String> files) throws IOException {
    Files.createDirectories(root);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = root.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }
    return root;
  }

  private CliRun run(Path playbook, Path inventory, String... more) {
    return CliRun.playbookJson(playbook, inventory, dir.resolve("state.db"), more);
  }

  /**
   * Scenarios whose steps are commands (group, user, service): over in-process SSH hosts whose PATH
   * starts with the stand-ins of {@code src/test/resources/modules/{user,service}/bin}, which keep
   * accounts and units in files under each host's root. A later task must plan against what the
   * earlier ones' commands would leave, so the (host, task, status) results of {@code --check}
   * equal the apply's, and a second check predicts no change.
   */
  @Nested
  class CommandsThatChangeFacts {
    @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

    @Test
    void aGroupThenAUserInItThenBothAgain() throws IOException {
      assertStatusesPredicted(
          HEAD
              + "  tasks:\n"
              + "    - name: add sapsys\n"
              + "      group: {name: sapsys}\n"
              + "    - name: add sapadm in sapsys\n"
              + "      user: {name: sapadm, group: sapsys, groups: [dba], shell: /bin/bash}\n"
              + "    - name: sapadm again\n"
              + "      user: {name: sapadm, group: sapsys, groups: [dba], shell: /bin/bash}\n"
              + "    - name: sapsys again\n"
              + "      group: {name: sapsys}\n"
              + "    - name: move oracle to sapsys\n"
              + "      user: {name: oracle, group: sapsys}\n"
              + "    - name: oracle again\n"
              + "      user: {name: oracle, group: sapsys}\n"
              + "    - name: drop olddba\n"
              + "      group: {name: olddba, state: absent}\n"
              + "    - name: olddba gone\n"
              + "      group: {name: olddba, state: absent}\n",
          true);
    }

    @Test
    void aServiceEnabledAndStartedThenAgain() throws IOException {
      assertStatusesPredicted(
          HEAD
              + "  tasks:\n"
              + "    - name: enable\n"
              + "      service: {name: pagetune-app, enabled: true}\n"
              + "    - name: enable again\n"
              + "      service: {name: pagetune-app, enabled: true}\n"
              + "    - name: start\n"
              + "      systemd: {name: pagetune-app, state: started}\n"
              + "    - name: started and enabled\n"
              + "      service: {name: pagetune-app, state: started, enabled: true}\n",
          true);
    }

    /** Stopped and started again: every run changes the unit twice, and check says so each time. */
    @Test
    void aServiceStoppedThenStartedAgain() throws IOException {
      assertStatusesPredicted(
          HEAD
              + "  tasks:\n"
              + "    - name: start\n"
              + "      service: {name: pagetune-app, state: started}\n"
              + "    - name: stop\n"
              + "      service: {name: pagetune-app, state: stopped}\n"
              + "    - name: stopped\n"
              + "      service: {name: pagetune-app, state: stopped}\n"
              + "    - name: started at the end\n"
              + "      service: {name: pagetune-app, state: started}\n",
          false);
    }

    private void assertStatusesPredicted(String play, boolean converges) throws IOException {
      StringBuilder hosts = new StringBuilder();
      List<Path> roots = new java.util.ArrayList<>();
      for (String name : List.of("sap1", "sap2")) {
        Path root = standIns(dir.resolve("ssh/" + name));
        roots.add(root);
        TestSshHost host =
            ssh.start(TestSshHost.Options.defaults().withPathPrefix(root.resolve("bin")));
        hosts.append(
            "    "
                + name
                + ": {ansible_host: 127.0.0.1, ansible_port: "
                + host.port()
                + ", root: '"
                + root
                + "'}\n");
      }
      Path inventory =
          Files.writeString(
              dir.resolve("ssh-hosts.yml"),
              "all:\n  vars: {ansible_user: "
                  + ssh.user()
                  + ", ansible_ssh_private_key_file: '"
                  + ssh.clientKey()
                  + "'}\n  hosts:\n"
                  + hosts);
      Path playbook = Files.writeString(dir.resolve("accounts.yml"), play);
      for (int round = 1; round <= 2; round++) {
        String before = state(roots);
        CliRun check = runOverSsh(playbook, inventory, "--check");
        assertEquals(0, check.exitCode(), check::toString);
        assertEquals(before, state(roots), "--check changed a host");
        CliRun apply = runOverSsh(playbook, inventory);
        assertEquals(0, apply.exitCode(), apply::toString);
        List<String> predicted = byHost(ChangeEvents.statuses(check));
        List<String> applied = byHost(ChangeEvents.statuses(apply));
        int r = round;
        assertEquals(
            applied, predicted, () -> "round " + r + "\ncheck:\n" + check + "\napply:\n" + apply);
        assertEquals(ChangeEvents.of(apply), ChangeEvents.of(check));
        if (round == 1) {
          assertTrue(applied.stream().anyMatch(s -> s.endsWith("| changed")), apply::toString);
          assertTrue(applied.stream().anyMatch(s -> s.endsWith("| ok")), apply::toString);
        } else if (converges) {
          assertFalse(predicted.stream().anyMatch(s -> s.endsWith("| changed")), check::toString);
        }
      }
    }

    /** A host root with the stand-in commands and their seeded accounts and unit. */
    private Path standIns(Path root) throws IOException {
      Path bin = Files.createDirectories(root.resolve("bin"));
      for (String kind : List.of("user", "service")) {
        Path source;
        try {
          source =
              Path.of(
                  CheckPredictsApplyTest.class.getResource("/modules/" + kind + "/bin").toURI());
        } catch (java.net.URISyntaxException e) {
          throw new IllegalStateException(e);
        }
        try (Stream<Path> scripts = Files.list(source)) {
          for (Path script : scripts.toList()) {
            Path target = bin.resolve(script.getFileName());
            Files.copy(script, target);
            Files.setPosixFilePermissions(
                target, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
          }
        }
      }
      seed(
          root,
          Map.of(
              "etc/passwd",
                  "root:x:0:0:root:/root:/bin/bash\noracle:x:54321:54321::/home/oracle:/bin/bash\n",
              "etc/group", "root:x:0:\noinstall:x:54321:\ndba:x:54322:\nolddba:x:54400:\n",
              "systemd/units/pagetune-app.service", ""));
      // systemctl creates its state directories on every call: there from the start, they
      // do not count as a change
      for (String d : List.of("units", "active", "enabled", "static", "masked")) {
        Files.createDirectories(root.resolve("systemd").resolve(d));
      }
      return root;
    }

    /** Each host's results in task order (hosts run in parallel: their events interleave). */
    private static List<String> byHost(List<String> statuses) {
      return statuses.stream()
          .sorted(java.util.Comparator.comparing((String s) -> s.substring(0, s.indexOf(" | "))))
          .toList();
    }

    /** The stand-ins' state (accounts, units), not their call log. */
    private String state(List<Path> roots) throws IOException {
      StringBuilder all = new StringBuilder();
      for (Path root : roots) {
        all.append(TreeHash.of(root.resolve("etc")))
            .append(' ')
            .append(TreeHash.of(root.resolve("systemd")))
            .append(' ');
      }
      return all.toString();
    }

    private CliRun runOverSsh(Path playbook, Path inventory, String... more) {
      List<String> args =
          new java.util.ArrayList<>(List.of("--known-hosts", ssh.knownHosts().toString()));
      args.addAll(List.of(more));
      return CliRun.playbookJson(
          playbook, inventory, dir.resolve("ssh-state.db"), args.toArray(String[]::new));
    }
  }
}
