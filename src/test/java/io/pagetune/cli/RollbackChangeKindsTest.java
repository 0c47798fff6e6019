package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.ChangeKind;
import io.pagetune.state.JournalChange;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of change the file module makes over SSH is journaled before it happens and undone by
 * rollback: a file removed, a tree removed (its archive kept), a mode, owner and group set, a link
 * made and re-pointed, a directory created. Check mode predicts the run, a second run changes
 * nothing, and a tree above the backup limit is refused unless the task accepts losing it.
 */
class RollbackChangeKindsTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private List<String> sshArgs = List.of();

  private Path inventory(Path root) throws IOException {
    TestSshHost server = ssh.start();
    sshArgs = List.of("--known-hosts", ssh.knownHosts().toString());
    return Files.writeString(
        dir.resolve("hosts.yml"),
        "all:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + server.port()
            + "\n      ansible_user: "
            + ssh.user()
            + "\n      ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n      root: "
            + root
            + "\n");
  }

  private CliRun cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(sshArgs);
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), all.toArray(new String[0]));
  }

  private CliRun history(String run) {
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), "history", run);
  }

  private static String runId(CliRun run) {
    Matcher m = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(run.out());
    assertTrue(m.find(), run.toString());
    return m.group(1);
  }

  private static final String TASKS =
      "- hosts: all\n"
          + "  gather_facts: false\n"
          + "  tasks:\n"
          + "    - name: drop profile\n"
          + "      file: {path: \"${root}/profile\", state: absent}\n"
          + "    - name: drop tree\n"
          + "      file: {path: \"${root}/old\", state: absent}\n"
          + "    - name: tighten\n"
          + "      file: {path: \"${root}/secret.conf\", mode: \"0600\"}\n"
          + "    - name: hand over\n"
          + "      file: {path: \"${root}/owned.conf\", owner: nobody, group: nogroup}\n"
          + "    - name: regroup\n"
          + "      file: {path: \"${root}/grouped.conf\", group: nogroup}\n"
          + "    - name: new link\n"
          + "      file: {path: \"${root}/current\", src: \"${root}/v2\", state: link}\n"
          + "    - name: moved link\n"
          + "      file: {path: \"${root}/previous\", src: \"${root}/v2\", state: link}\n"
          + "    - name: new directory\n"
          + "      file: {path: \"${root}/made/deeper\", state: directory}\n";

  @Test
  void everyKindIsJournaledPredictedIdempotentAndRolledBack() throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Files.writeString(root.resolve("profile"), "SETENV_00 = PATH=/usr/bin\n");
    Files.setPosixFilePermissions(
        root.resolve("profile"), PosixFilePermissions.fromString("rw-r-----"));
    Path old = Files.createDirectories(root.resolve("old/sub"));
    Files.writeString(old.resolve("a.conf"), "a\n");
    Files.writeString(root.resolve("old/b.conf"), "b\n");
    Files.setPosixFilePermissions(
        root.resolve("old/b.conf"), PosixFilePermissions.fromString("rwx------"));
    Files.writeString(root.resolve("secret.conf"), "s\n");
    Files.setPosixFilePermissions(
        root.resolve("secret.conf"), PosixFilePermissions.fromString("rw-r--r--"));
    Files.writeString(root.resolve("owned.conf"), "o\n");
    Files.writeString(root.resolve("grouped.conf"), "g\n");
    Files.createDirectories(root.resolve("v1"));
    Files.createDirectories(root.resolve("v2"));
    Files.createSymbolicLink(root.resolve("previous"), root.resolve("v1"));
    String beforeRun = TreeHash.of(root);
    Path inv = inventory(root);
    Path playbook = Files.writeString(dir.resolve("site.yml"), TASKS);

    CliRun check = cli("run", playbook.toString(), "-i", inv.toString(), "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertEquals(beforeRun, TreeHash.of(root), "check mode changes nothing");
    assertTrue(check.out().matches("(?s).*box +: ok=\\d+ +changed=8 .*"), check.out());

    CliRun apply = cli("run", playbook.toString(), "-i", inv.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertTrue(apply.out().matches("(?s).*box +: ok=\\d+ +changed=8 .*"), apply.out());
    String run = runId(apply);
    assertFalse(Files.exists(root.resolve("profile")));
    assertFalse(Files.exists(root.resolve("old")));
    assertEquals(root.resolve("v2"), Files.readSymbolicLink(root.resolve("previous")));
    assertEquals(root.resolve("v2"), Files.readSymbolicLink(root.resolve("current")));
    assertEquals("nobody", Files.getOwner(root.resolve("owned.conf")).getName());
    assertTrue(Files.isDirectory(root.resolve("made/deeper")));

    CliRun again = cli("run", playbook.toString(), "-i", inv.toString());
    assertEquals(0, again.exitCode(), again.toString());
    assertTrue(again.out().matches("(?s).*box +: ok=\\d+ +changed=0 .*"), again.out());

    try (StateStore store =
        StateStore.open(dir.resolve("state.db").toString(), Clock.systemUTC())) {
      List<JournalChange> journaled = store.journal().history().ofRun(run);
      assertEquals(
          List.of(
              ChangeKind.CONTENT,
              ChangeKind.TREE,
              ChangeKind.MODE,
              ChangeKind.OWNER,
              ChangeKind.GROUP,
              ChangeKind.LINK,
              ChangeKind.LINK,
              ChangeKind.DIRECTORY,
              ChangeKind.DIRECTORY),
          journaled.stream().map(JournalChange::kind).toList(),
          journaled.toString());
    }
    CliRun history = history(run);
    assertTrue(history.out().contains(root + "/profile  drop profile  "), history.out());
    assertTrue(history.out().contains("-> (removed)  backup stored"), history.out());
    assertTrue(history.out().contains("mode 0644 -> mode 0600"), history.out());
    assertTrue(
        history.out().contains("link -> " + root + "/v1 -> link -> " + root + "/v2"),
        history.out());
    assertTrue(history.out().contains("(absent) -> directory"), history.out());

    CliRun rollbackCheck = cli("rollback", run, "-i", inv.toString(), "--check");
    assertEquals(0, rollbackCheck.exitCode(), rollbackCheck.toString());
    assertTrue(
        rollbackCheck.out().matches("(?s).*box +: ok=\\d+ +changed=1 .*"), rollbackCheck.out());
    assertFalse(Files.exists(root.resolve("profile")), "a checked rollback changes nothing");

    CliRun rollback = cli("rollback", run, "-i", inv.toString());
    assertEquals(0, rollback.exitCode(), rollback.toString());
    assertEquals(beforeRun, TreeHash.of(root), rollback.toString());
    assertEquals(
        "rw-r-----",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("profile"))));
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(
            Files.getPosixFilePermissions(root.resolve("old/b.conf"), LinkOption.NOFOLLOW_LINKS)));
    assertEquals("root", Files.getOwner(root.resolve("owned.conf")).getName());
    assertEquals(root.resolve("v1"), Files.readSymbolicLink(root.resolve("previous")));
    assertFalse(Files.exists(root.resolve("current"), LinkOption.NOFOLLOW_LINKS));
    assertFalse(Files.exists(root.resolve("made")));

    CliRun rollbackAgain = cli("rollback", run, "-i", inv.toString());
    assertEquals(0, rollbackAgain.exitCode(), rollbackAgain.toString());
    assertTrue(
        rollbackAgain.out().matches("(?s).*box +: ok=\\d+ +changed=0 .*"), rollbackAgain.out());
  }

  @Test
  void aCommandsResultSaysItCannotBeJournaled() throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Path inv = inventory(root);
    Path playbook =
        Files.writeString(
            dir.resolve("shell.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - shell: \"echo x > ${root}/made-by-shell\"\n");
    List<String> args = new ArrayList<>(sshArgs);
    CliRun run =
        CliRun.playbookJson(playbook, inv, dir.resolve("state.db"), args.toArray(new String[0]));
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(Files.exists(root.resolve("made-by-shell")));
    assertTrue(run.out().contains("\"journaled\":false"), run.out());
    assertTrue(
        run.out().contains("a command's changes cannot be journaled: pagetune rollback cannot"),
        run.out());
    assertTrue(run.out().contains("\"rc\":0"), "the usual keys stay: " + run.out());
  }

  @Test
  void aTreeAboveTheBackupLimitIsRefusedUnlessTheTaskAcceptsLosingIt() throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Files.writeString(Files.createDirectories(root.resolve("big")).resolve("x"), "x".repeat(9000));
    Path inv = inventory(root);
    String task =
        "- hosts: all\n  gather_facts: false\n  vars: {pagetune_max_tree_backup_bytes: 4096}\n"
            + "  tasks:\n    - file: {path: \"${root}/big\", state: absent%s}\n";
    Path refused = Files.writeString(dir.resolve("refused.yml"), String.format(task, ""));

    CliRun check = cli("run", refused.toString(), "-i", inv.toString(), "--check");
    assertEquals(2, check.exitCode(), check.toString());
    CliRun run = cli("run", refused.toString(), "-i", inv.toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(run.out().contains("refusing to remove " + root + "/big: the tree is"), run.out());
    assertTrue(run.out().contains("accept_unrecoverable_removal: true"), run.out());
    assertTrue(Files.exists(root.resolve("big/x")), "refused: nothing removed");

    Path accepted =
        Files.writeString(
            dir.resolve("accepted.yml"),
            String.format(task, ", accept_unrecoverable_removal: true"));
    CliRun removed = cli("run", accepted.toString(), "-i", inv.toString());
    assertEquals(0, removed.exitCode(), removed.toString());
    assertFalse(Files.exists(root.resolve("big")));
    CliRun history = history(runId(removed));
    assertTrue(history.out().contains(root + "/big"), "journaled all the same: " + history);
    CliRun rollback = cli("rollback", runId(removed), "-i", inv.toString());
    assertEquals(2, rollback.exitCode(), rollback.toString());
    assertTrue(rollback.out().contains("cannot be restored"), rollback.out());
  }

  /** Each entry's mode, owner and group (links not followed), by its path below the root. */
  private static Map<String, String> attributes(Path root) throws IOException {
    Map<String, String> all = new java.util.TreeMap<>();
    try (var paths = Files.walk(root)) {
      for (Path p : paths.toList()) {
        PosixFileAttributes a =
            Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        all.put(
            root.relativize(p).toString(),
            PosixFilePermissions.toString(a.permissions())
                + " "
                + a.owner().getName()
                + ":"
                + a.group().getName());
      }
    }
    return all;
  }

  private static void attrs(Path p, String perms, String owner) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(perms));
    Files.setOwner(
        p, p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(owner));
  }

  @Test
  void aRecursiveChangeIsJournaledPerEntryAndRolledBackExactly() throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Path tree = Files.createDirectories(root.resolve("tree/sub"));
    Files.writeString(root.resolve("tree/a.conf"), "a\n");
    Files.writeString(root.resolve("tree/done.conf"), "d\n");
    Files.writeString(tree.resolve("b.conf"), "b\n");
    Files.createSymbolicLink(root.resolve("tree/link"), root.resolve("tree/a.conf"));
    attrs(root.resolve("tree"), "rwxr-xr-x", "root");
    attrs(root.resolve("tree/a.conf"), "rw-r--r--", "root");
    attrs(root.resolve("tree/done.conf"), "rwxr-x---", "nobody");
    attrs(tree, "rwx------", "root");
    attrs(tree.resolve("b.conf"), "rw-r-----", "nobody");
    Map<String, String> before = attributes(root);
    Path inv = inventory(root);
    Path playbook =
        Files.writeString(
            dir.resolve("recurse.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n    - name: hand the tree over\n"
                + "      file: {path: \"${root}/tree\", state: directory, recurse: true,"
                + " mode: \"0750\", owner: nobody}\n");

    CliRun check = cli("run", playbook.toString(), "-i", inv.toString(), "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().matches("(?s).*box +: ok=\\d+ +changed=1 .*"), check.out());
    assertEquals(before, attributes(root), "check mode changes nothing");

    CliRun apply = cli("run", playbook.toString(), "-i", inv.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    String run = runId(apply);
    for (String entry :
        List.of("tree", "tree/a.conf", "tree/done.conf", "tree/sub", "tree/sub/b.conf")) {
      assertEquals("rwxr-x--- nobody:root", attributes(root).get(entry), entry);
    }
    CliRun again = cli("run", playbook.toString(), "-i", inv.toString());
    assertTrue(again.out().matches("(?s).*box +: ok=\\d+ +changed=0 .*"), again.out());

    try (StateStore store =
        StateStore.open(dir.resolve("state.db").toString(), Clock.systemUTC())) {
      List<String> journaled =
          store.journal().history().ofRun(run).stream()
              .map(c -> c.kind() + " " + root.relativize(Path.of(c.path())))
              .toList();
      assertEquals(
          List.of(
              "OWNER tree",
              "MODE tree",
              "OWNER tree/a.conf",
              "MODE tree/a.conf",
              "OWNER tree/sub",
              "MODE tree/sub",
              "MODE tree/sub/b.conf"),
          journaled.stream().sorted(java.util.Comparator.comparing(e -> e.split(" ")[1])).toList(),
          journaled.toString());
    }
    CliRun history = history(run);
    assertTrue(history.out().contains(root + "/tree/sub/b.conf"), history.out());
    assertTrue(history.out().contains("mode 0700 -> mode 0750"), history.out());

    CliRun rollback = cli("rollback", run, "-i", inv.toString());
    assertEquals(0, rollback.exitCode(), rollback.toString());
    assertEquals(before, attributes(root), rollback.toString());
    CliRun rollbackAgain = cli("rollback", run, "-i", inv.toString());
    assertEquals(0, rollbackAgain.exitCode(), rollbackAgain.toString());
    assertTrue(
        rollbackAgain.out().matches("(?s).*box +: ok=\\d+ +changed=0 .*"), rollbackAgain.out());
  }
}
