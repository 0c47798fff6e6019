package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.Journal;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.DamagedPages;
import io.pagetune.testing.SshInventoryHost;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state store with a damaged journal page stops a run before it changes any host: otherwise the
 * run would write over SSH, exit 0, and could then neither be shown nor rolled back.
 */
class DamagedStoreTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void aDamagedJournalPageStopsTheRunBeforeAnyHostChanges() throws Exception {
    Path state = dir.resolve("state.db");
    try (StateStore store = StateStore.open(state.toString(), Clock.systemUTC())) {
      Journal journal = store.journal();
      journal.runs().start("20261128T100000Z-000001", "old.yml", "alice", false);
      // enough rows for the journal to span several pages
      for (int i = 0; i < 400; i++) {
        journal
            .writes()
            .recordApplied(
                "20261128T100000Z-000001",
                "box",
                "old task",
                "/etc/sysctl.d/" + "x".repeat(80) + i + ".conf",
                null,
                "a".repeat(64),
                null,
                Instant.parse("2026-11-28T10:00:00Z"));
      }
      journal.runs().finish("20261128T100000Z-000001", "ok");
    }
    DamagedPages.damageFirstLeaf(state, "journal_changes");

    TestSshHost server = ssh.start();
    Path root = Files.createDirectories(dir.resolve("box"));
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"), SshInventoryHost.inventory(ssh, server, "box", root));
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: hugepages\n"
                + "      copy: {dest: \"${root}/97-hugepages.conf\", content: \"vm.nr_hugepages ="
                + " 8\\n\"}\n");

    CliRun run =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", state.toString()),
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--progress",
            "none",
            "--known-hosts",
            ssh.knownHosts().toString());

    assertEquals(6, run.exitCode(), run.toString());
    assertTrue(run.err().contains("state store " + state + " is damaged"), run.toString());
    assertTrue(run.err().contains("nothing was changed"), run.toString());
    assertFalse(Files.exists(root.resolve("97-hugepages.conf")), "the host was not changed");
  }
}
