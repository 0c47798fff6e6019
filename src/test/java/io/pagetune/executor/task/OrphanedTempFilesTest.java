package io.pagetune.executor.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.EffectiveState;
import io.pagetune.state.IntendedChange;
import io.pagetune.state.RunOwner;
import io.pagetune.state.Sha256;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temp file a run killed mid-write left beside its target is removed by the next run on that
 * host, over a real SSH server, even when that run never writes the target; nothing but pagetune's
 * own temp names of the targets the journal holds is touched.
 */
class OrphanedTempFilesTest {
  private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void theNextRunRemovesTheTempFilesOfATargetADeadRunWasWriting() throws Exception {
    TestSshHost server = ssh.start();
    Path root = Files.createDirectories(dir.resolve("root"));
    Path target = Files.writeString(root.resolve("pages.conf"), "vm.nr_hugepages = 8\n");
    // what kill -9 between creating the temp file and the rename leaves
    Path stale = Files.writeString(root.resolve(".pages.conf.pagetune-3f9a0c"), "vm.nr_hu");
    Path notHex = Files.writeString(root.resolve(".pages.conf.pagetune-notes"), "mine\n");
    Path otherTarget = Files.writeString(root.resolve(".other.conf.pagetune-3f9a0c"), "x\n");
    Path link = root.resolve(".pages.conf.pagetune-abc");
    Files.createSymbolicLink(link, target);
    Path state = dir.resolve("state.db");
    try (StateStore store = StateStore.open(state.toString(), Clock.fixed(T0, ZoneOffset.UTC))) {
      Process gone = new ProcessBuilder("true").start();
      gone.waitFor();
      RunOwner dead =
          new RunOwner(RunOwner.current().node(), gone.pid(), gone.info().startInstant());
      store.journal().runs().start("dead", "site.yml", "alice", false, dead);
      store
          .journal()
          .writes()
          .intend(
              new IntendedChange(
                  "dead",
                  "box",
                  "pool",
                  target.toString(),
                  Optional.of(sha("vm.nr_hugepages = 8\n")),
                  Optional.of(sha("vm.nr_hugepages = 16\n")),
                  Optional.of("vm.nr_hugepages = 8\n".getBytes(StandardCharsets.UTF_8)),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty(),
                  "",
                  T0,
                  EffectiveState.EFFECTIVE));
    }
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n");
    Path playbook =
        Files.writeString(
            dir.resolve("motd.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n    - name: motd\n"
                + "      copy: {dest: \""
                + root.resolve("motd")
                + "\", content: \"hello\\n\"}\n");

    CliRun run =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", state.toString()),
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--known-hosts",
            ssh.knownHosts().toString());

    assertEquals(0, run.exitCode(), run.toString());
    assertFalse(Files.exists(stale, LinkOption.NOFOLLOW_LINKS), "the dead run's temp file");
    assertEquals("mine\n", Files.readString(notHex));
    assertEquals("x\n", Files.readString(otherTarget));
    assertTrue(Files.isSymbolicLink(link));
    assertEquals("vm.nr_hugepages = 8\n", Files.readString(target));
    assertEquals("hello\n", Files.readString(root.resolve("motd")));
  }

  private static String sha(String s) {
    return Sha256.hex(s.getBytes(StandardCharsets.UTF_8));
  }
}
