package io.pagetune.schedule.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.StateStore;
import io.pagetune.testing.ChildPagetune;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code schedule run-due} killed (kill -9) while a restart runs leaves it RUNNING, picked by a
 * process that is gone. The next {@code run-due} on the same node revives it at once and runs it,
 * instead of finding nothing due until the dead process's heartbeats go stale (minutes).
 */
class RunDueKilledMidRestartTest {
  private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(2);

  @TempDir Path dir;

  @Test
  void theNextRunDueOnTheSameNodeRevivesTheRestartAtOnce() throws Exception {
    Path started = dir.resolve("restart-started");
    Path release = dir.resolve("release");
    Path restarts = dir.resolve("restarts");
    // the restart command: counts its runs, then waits until the test releases it
    String command =
        "echo run >> "
            + restarts
            + "; touch "
            + started
            + "; while [ ! -f "
            + release
            + " ]; do sleep 0.1; done";
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_connection: local\n"
                + "      pagetune_restart_commands:\n        web_server: '"
                + command
                + "'\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: config\n"
                + "      copy: {dest: \""
                + dir.resolve("web.conf")
                + "\", content: \"heap 256M\\n\"}\n"
                + "      notify: restart web\n"
                + "  handlers:\n"
                + "    - name: restart web\n"
                + "      request_restart: {kind: web_server, id: web1, reason: config changed}\n");
    Map<String, String> env = Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString());
    CliRun run =
        CliRun.withEnv(
            env, "run", playbook.toString(), "-i", inventory.toString(), "--progress", "none");
    assertEquals(0, run.exitCode(), run.toString());

    ChildPagetune dying =
        ChildPagetune.start(
            dir.resolve("run-due.out"),
            env,
            Map.of(),
            "schedule",
            "run-due",
            "-i",
            inventory.toString());
    long deadline = System.nanoTime() + CHILD_TIMEOUT.toNanos();
    while (!Files.exists(started) && System.nanoTime() < deadline && dying.alive()) {
      Thread.sleep(50);
    }
    assertTrue(Files.exists(started), dying.output());
    dying.kill();
    RestartIntent running = single(env);
    assertEquals(IntentStatus.RUNNING, running.status(), running.toString());
    Files.writeString(release, "");

    CliRun due = CliRun.withEnv(env, "schedule", "run-due", "-i", inventory.toString());

    RestartIntent after = single(env);
    assertNotEquals(IntentStatus.RUNNING, after.status(), after + "\n" + due);
    assertNotEquals(IntentStatus.QUEUED, after.status(), after + "\n" + due);
    assertEquals(2, Files.readAllLines(restarts).size(), "the restart ran again: " + due);
    assertTrue(!due.out().contains("nothing due"), due.toString());
  }

  private static RestartIntent single(Map<String, String> env) {
    try (StateStore store = StateStore.open(env.get("PAGETUNE_STATE"), Clock.systemUTC())) {
      List<RestartIntent> intents = new RestartQueue(store).list();
      assertEquals(1, intents.size(), intents.toString());
      return intents.get(0);
    }
  }
}
