package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -v} ends with the tasks' durations after the recap, as profile_tasks does. */
class VerboseTaskTimesTest {
  @TempDir Path dir;

  @Test
  void taskDurationsFollowTheRecapOnlyWithVerbose() throws Exception {
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"), "all:\n  hosts:\n    h1: {ansible_connection: local}\n");
    Path play =
        Files.writeString(
            dir.resolve("p.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: say hi\n      debug: { msg: hi }\n"
                + "    - name: list\n      command: 'true'\n");
    CliRun verbose =
        CliRun.of("run", play.toString(), "-i", inv.toString(), "-v", "--state", "none");
    assertEquals(0, verbose.exitCode(), verbose::toString);
    String out = verbose.out();
    int recap = out.indexOf("PLAY RECAP");
    int times = out.indexOf("TASK DURATIONS (total ");
    assertTrue(recap >= 0 && times > recap, out);
    String tail = out.substring(times);
    assertTrue(
        tail.lines().anyMatch(l -> l.matches("say hi \\(.*p\\.yml:4:7\\) -+ \\d+\\.\\d\\ds")),
        tail);
    assertTrue(
        tail.lines().anyMatch(l -> l.matches("list \\(.*p\\.yml:6:7\\) -+ \\d+\\.\\d\\ds")), tail);

    CliRun quiet = CliRun.of("run", play.toString(), "-i", inv.toString(), "--state", "none");
    assertFalse(quiet.out().contains("TASK DURATIONS"), quiet.out());
  }
}
