package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.LocalFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrategyTest {
  private static final String PLAYBOOK = "src/test/resources/executor/strategies.yml";

  @TempDir Path dir;

  @Test
  void freeStrategyLetsFastHostsRunAheadAndFailuresStayOnTheirHost() throws Exception {
    Path inv = LocalFleet.write(dir, 3);
    for (int i = 1; i <= 3; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    CliRun run = CliRun.of("run", PLAYBOOK, "-i", inv.toString(), "--progress", "none");
    assertEquals(2, run.exitCode(), run.toString());
    // h3 finished its last task before the slow h1 finished its first
    assertTrue(run.out().indexOf("changed: [h3]") < run.out().indexOf("ok: [h1]"), run.out());
    assertTrue(Files.exists(dir.resolve("h1/after")));
    assertFalse(Files.exists(dir.resolve("h2/after")));
    assertTrue(Files.exists(dir.resolve("h1/handler")));
    assertFalse(Files.exists(dir.resolve("h2/handler")), "a failed host runs no handlers");
  }

  @Test
  void forceHandlersRunOnFailedHosts() throws Exception {
    Path inv = LocalFleet.write(dir, 3);
    for (int i = 1; i <= 3; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    CliRun run =
        CliRun.of("run", PLAYBOOK, "-i", inv.toString(), "--force-handlers", "--limit", "h2");
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(Files.exists(dir.resolve("h2/handler")), run.out());
  }

  @Test
  void anyErrorsFatalStopsEveryHost(@TempDir Path other) throws Exception {
    Path inv = LocalFleet.write(dir, 3);
    for (int i = 1; i <= 3; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    Path play = other.resolve("fatal.yml");
    Files.writeString(
        play,
        "- hosts: all\n  gather_facts: false\n  any_errors_fatal: true\n  tasks:\n"
            + "    - fail: { msg: stop }\n      when: inventory_hostname == 'h2'\n"
            + "    - copy: { dest: \"${root}/after\", content: x }\n");
    CliRun run = CliRun.of("run", play.toString(), "-i", inv.toString());
    assertEquals(2, run.exitCode(), run.toString());
    for (int i = 1; i <= 3; i++) {
      assertFalse(Files.exists(dir.resolve("h" + i + "/after")), run.out());
    }
  }

  @Test
  void maxFailPercentageStopsLaterBatches(@TempDir Path other) throws Exception {
    Path inv = LocalFleet.write(dir, 4);
    for (int i = 1; i <= 4; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    Path play = other.resolve("pct.yml");
    Files.writeString(
        play,
        "- hosts: all\n  gather_facts: false\n  serial: 2\n  max_fail_percentage: 40\n  tasks:\n"
            + "    - fail: { msg: stop }\n      when: inventory_hostname == 'h1'\n"
            + "    - copy: { dest: \"${root}/after\", content: x }\n");
    CliRun run = CliRun.of("run", play.toString(), "-i", inv.toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(run.out().contains("max_fail_percentage 40% exceeded"), run.out());
    assertFalse(Files.exists(dir.resolve("h3/after")), "the second batch must not run");
  }

  @Test
  void aHostSideErrorFailsThatHostOnly(@TempDir Path other) throws Exception {
    Path inv = LocalFleet.write(dir, 2);
    for (int i = 1; i <= 2; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    Path play = other.resolve("unwritable.yml");
    // nobody, root included, can create a file in /proc/sys
    Files.writeString(
        play,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - copy: { dest: \"${(inventory_hostname == 'h1')?then('/proc/sys/pagetune-x',"
            + " root + '/ok')}\", content: x }\n");
    CliRun run = CliRun.of("run", play.toString(), "-i", inv.toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(run.out().contains("fatal: [h1]: FAILED! =>"), run.out());
    assertTrue(run.out().contains("cannot write /proc/sys/pagetune-x"), run.out());
    assertTrue(Files.exists(dir.resolve("h2/ok")), run.out());
  }
}
