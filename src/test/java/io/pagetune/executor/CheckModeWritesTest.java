package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.JournalChange;
import io.pagetune.state.RunRecord;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A check_mode: false task that writes during --check is a real change, journaled and counted. */
class CheckModeWritesTest {
  @TempDir Path dir;

  @Test
  void aWriteInACheckRunIsJournaledAndTheRecapSaysSo() throws Exception {
    Path root = Files.createDirectories(dir.resolve("box"));
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_connection: local\n      root: "
                + root
                + "\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: marker written even in check mode\n"
                + "      copy: {dest: \"${root}/marker\", content: \"seen\\n\"}\n"
                + "      check_mode: false\n"
                + "    - name: only predicted\n"
                + "      copy: {dest: \"${root}/predicted\", content: \"x\\n\"}\n");
    Path state = dir.resolve("state.db");

    CliRun check =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", state.toString()),
            "run",
            playbook.toString(),
            "-i",
            inv.toString(),
            "--check");

    assertEquals(0, check.exitCode(), check.toString());
    assertEquals("seen\n", Files.readString(root.resolve("marker")));
    assertFalse(Files.exists(root.resolve("predicted")));
    assertFalse(check.out().contains("nothing was changed"), check.out());
    assertTrue(
        check.out().contains("1 task result(s) with check_mode: false changed"), check.out());
    assertTrue(check.out().matches("(?s).*box +: ok=2 +changed=2 .*"), check.out());
    try (StateStore store = StateStore.open(state.toString(), Clock.systemUTC())) {
      List<RunRecord> runs = store.journal().runs().list();
      assertEquals(1, runs.size(), runs.toString());
      assertTrue(runs.get(0).checkMode());
      assertEquals(Optional.of("ok"), runs.get(0).status());
      List<JournalChange> changes = store.journal().history().ofRun(runs.get(0).runId());
      assertEquals(1, changes.size(), changes.toString());
      assertEquals(root.resolve("marker").toString(), changes.get(0).path());
    }
  }

  @Test
  void aCheckRunThatWritesNothingLeavesNoRun() throws Exception {
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_connection: local\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - copy: {dest: \""
                + dir.resolve("f")
                + "\", content: \"x\\n\"}\n");
    Path state = dir.resolve("state.db");
    CliRun check =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", state.toString()),
            "run",
            playbook.toString(),
            "-i",
            inv.toString(),
            "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().contains("Check mode: nothing was changed"), check.out());
    try (StateStore store = StateStore.open(state.toString(), Clock.systemUTC())) {
      assertEquals(List.of(), store.journal().runs().list());
    }
  }
}
