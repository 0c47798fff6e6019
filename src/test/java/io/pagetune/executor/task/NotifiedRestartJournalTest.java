package io.pagetune.executor.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.state.EffectiveState;
import io.pagetune.state.JournalChange;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change whose task notifies a {@code request_restart} handler is journaled as pending its
 * restart while that restart waits in the queue; a change that needs no restart is effective.
 */
class NotifiedRestartJournalTest {
  @TempDir Path dir;

  @Test
  void aChangeWaitingForItsHandlersRestartIsPendingNotEffective() throws Exception {
    Path root = Files.createDirectories(dir.resolve("h1"));
    Files.writeString(
        dir.resolve("windows.yml"),
        "windows:\n  nightly: { cron: \"0 2 * * *\", duration: 2h, zone: Europe/Berlin }\n");
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    h1: {ansible_connection: local, root: '"
                + root
                + "', pagetune_change_window: nightly}\n");
    Path book =
        Files.writeString(
            dir.resolve("web.yml"),
            String.join(
                "\n",
                "- hosts: all",
                "  gather_facts: false",
                "  tasks:",
                "    - name: write the pool setting",
                "      copy: { dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages = 512\\n\" }",
                "      notify: restart web",
                "    - name: write a note",
                "      copy: { dest: \"${root}/note.txt\", content: \"no restart needed\\n\" }",
                "  handlers:",
                "    - name: restart web",
                "      request_restart: { kind: web_server, id: web1, reason: pages changed }",
                ""));
    CliRun run =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()),
            "run",
            book.toString(),
            "-i",
            inv.toString(),
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run::toString);

    try (StateStore store =
        StateStore.open(dir.resolve("state.db").toString(), CliRun.CLOCK, Map.of())) {
      String runId = store.journal().runs().list(1).get(0).runId();
      Map<String, EffectiveState> states = new TreeMap<>();
      for (JournalChange c : store.journal().history().ofRun(runId)) {
        states.put(Path.of(c.path()).getFileName().toString(), c.effectiveState());
      }
      assertEquals(
          Map.of("note.txt", EffectiveState.EFFECTIVE, "pages.conf", EffectiveState.PENDING),
          states);
    }
  }
}
