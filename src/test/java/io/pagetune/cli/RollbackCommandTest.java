package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.JournalChange;
import io.pagetune.state.Sha256;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rollback never destroys what it did not write: files edited after the run are refused and named,
 * {@code --force} restores them with backups, and rolling back that rollback brings the hand edits
 * back, created files included. Over the local connection and over SSH.
 */
class RollbackCommandTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private List<String> sshArgs = List.of();

  private Path inventory(boolean overSsh, Path root) throws IOException {
    String host;
    if (overSsh) {
      TestSshHost server = ssh.start();
      host =
          "    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
              + server.port()
              + "\n      ansible_user: "
              + ssh.user()
              + "\n      ansible_ssh_private_key_file: "
              + ssh.clientKey()
              + "\n";
      sshArgs = List.of("--known-hosts", ssh.knownHosts().toString());
    } else {
      host = "    box:\n      ansible_connection: local\n";
    }
    return Files.writeString(
        dir.resolve("hosts.yml"), "all:\n  hosts:\n" + host + "      root: " + root + "\n");
  }

  private Path playbook() throws IOException {
    return Files.writeString(
        dir.resolve("site.yml"),
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  tasks:\n"
            + "    - name: profile\n"
            + "      copy: {dest: \"${root}/profile\", content: \"SETENV_00 = LDR_CNTRL=x\\n\"}\n"
            + "    - name: new sysctl file\n"
            + "      copy: {dest: \"${root}/97-hugepages.conf\", content: \"vm.nr_hugepages = 8\\n\","
            + " mode: \"0640\"}\n");
  }

  private CliRun cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(sshArgs);
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), all.toArray(new String[0]));
  }

  private static String runId(CliRun run) {
    Matcher m = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(run.out());
    assertTrue(m.find(), run.toString());
    return m.group(1);
  }

  @ParameterizedTest(name = "ssh={0}")
  @ValueSource(booleans = {false, true})
  void handEditsAreRefusedForcedWithBackupsAndComeBackWithTheRollbackOfTheRollback(boolean overSsh)
      throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Path profile = root.resolve("profile");
    Path created = root.resolve("97-hugepages.conf");
    Files.writeString(profile, "SETENV_00 = PATH=/usr/bin\n");
    Files.setPosixFilePermissions(profile, PosixFilePermissions.fromString("rw-r-----"));
    Path inv = inventory(overSsh, root);

    CliRun apply = cli("run", playbook().toString(), "-i", inv.toString(), "--progress", "none");
    assertEquals(0, apply.exitCode(), apply.toString());
    String run = runId(apply);
    assertEquals(List.of("97-hugepages.conf", "profile"), files(root), "no *~ copies");
    CliRun history =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), "history", run);
    assertTrue(
        history
            .out()
            .lines()
            .anyMatch(l -> l.startsWith("box  " + profile) && l.contains("backup stored")),
        history.out());
    assertTrue(
        history.out().lines().anyMatch(l -> l.contains(created + "  new sysctl file  (new file)")),
        history.out());

    Files.writeString(profile, "SETENV_00 = LDR_CNTRL=x\n# hand edit\n");
    Files.writeString(created, "vm.nr_hugepages = 16 # hand edit\n");

    CliRun refused = cli("rollback", run, "-i", inv.toString());
    assertEquals(2, refused.exitCode(), refused.toString());
    assertTrue(refused.out().contains(profile + " changed since run " + run), refused.out());
    assertTrue(refused.out().contains(created + " changed since run " + run), refused.out());
    assertTrue(refused.out().contains("by hand or another tool"), refused.out());
    assertEquals("SETENV_00 = LDR_CNTRL=x\n# hand edit\n", Files.readString(profile));
    assertEquals("vm.nr_hugepages = 16 # hand edit\n", Files.readString(created));

    CliRun forced = cli("rollback", run, "-i", inv.toString(), "--force");
    assertEquals(0, forced.exitCode(), forced.toString());
    assertEquals("SETENV_00 = PATH=/usr/bin\n", Files.readString(profile));
    assertEquals(
        "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(profile)));
    assertFalse(Files.exists(created));
    assertEquals(List.of("profile"), files(root));
    String undo = runId(forced);
    try (StateStore store =
        StateStore.open(dir.resolve("state.db").toString(), Clock.systemUTC())) {
      List<JournalChange> journaled = store.journal().history().ofRun(undo);
      assertEquals(2, journaled.size(), journaled.toString());
      for (JournalChange c : journaled) {
        String before = c.beforeSha256().orElseThrow();
        byte[] kept = store.journal().backups().find(before).orElseThrow();
        assertEquals(before, Sha256.hex(kept), "the hand edit is kept in the store");
      }
    }

    CliRun undoUndo = cli("rollback", undo, "-i", inv.toString());
    assertEquals(0, undoUndo.exitCode(), undoUndo.toString());
    assertEquals("SETENV_00 = LDR_CNTRL=x\n# hand edit\n", Files.readString(profile));
    assertEquals("vm.nr_hugepages = 16 # hand edit\n", Files.readString(created));
    assertEquals(
        "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(created)));

    CliRun again = cli("rollback", undo, "-i", inv.toString());
    assertEquals(0, again.exitCode(), again.toString());
    assertTrue(again.out().matches("(?s).*box +: ok=\\d+ +changed=0 .*"), again.out());
  }

  @Test
  void backupTrueStillKeepsACopyBesideTheTarget() throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Files.writeString(root.resolve("startserv"), "#!/bin/sh\n");
    Path inv = inventory(false, root);
    Path playbook =
        Files.writeString(
            dir.resolve("backup.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - copy: {dest: \"${root}/startserv\", content: \"#!/bin/sh\\nexit 0\\n\","
                + " backup: true}\n");
    CliRun apply = cli("run", playbook.toString(), "-i", inv.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    List<String> names = files(root);
    assertEquals(2, names.size(), names.toString());
    assertTrue(names.get(1).matches("startserv\\.\\d{8}T\\d{6}Z~"), names.toString());
    assertEquals("#!/bin/sh\n", Files.readString(root.resolve(names.get(1))));
  }

  private static List<String> files(Path root) throws IOException {
    try (Stream<Path> all = Files.list(root)) {
      return all.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
