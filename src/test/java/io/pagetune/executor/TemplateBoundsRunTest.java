package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user template that writes too much or runs too long fails the task of the host whose variables
 * made it so; the run, and every other host, goes on.
 */
class TemplateBoundsRunTest {
  @TempDir Path dir;

  private static String recap(CliRun run, String host) {
    for (String line : run.out().split("\n")) {
      if (line.startsWith(host + " ")) {
        return line.replaceAll("\\s+", " ").trim();
      }
    }
    throw new AssertionError("no recap for " + host + "\n" + run);
  }

  @Test
  void sizeAndTimeLimitsFailOnlyTheHostThatHitsThem() throws Exception {
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n"
            + "    heavy:\n      ansible_connection: local\n      root: "
            + dir.resolve("heavy")
            + "\n      bomb: '<#list 1..100000000 as i>xxxxxxxx</#list>'\n"
            + "      spin: '<#list 1..100000000000 as i></#list>'\n"
            + "    light:\n      ansible_connection: local\n      root: "
            + dir.resolve("light")
            + "\n      bomb: small\n      spin: quick\n");
    Files.createDirectories(dir.resolve("heavy"));
    Files.createDirectories(dir.resolve("light"));
    Path play = dir.resolve("play.yml");
    Files.writeString(
        play,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - name: big\n      copy: { dest: \"${root}/big.txt\", content: \"${bomb}\\n\" }\n"
            + "      ignore_errors: true\n"
            + "    - name: slow\n      debug: { msg: \"${spin}!\" }\n"
            + "    - name: after\n      copy: { dest: \"${root}/after.txt\", content: \"ok\\n\" }\n");
    long start = System.nanoTime();
    CliRun run = CliRun.of("run", play.toString(), "-i", inventory.toString());
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    assertTrue(seconds < 45, "took " + seconds + "s");
    // the templates are valid: the run's outcome is a failed host, not invalid input
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(
        run.out().contains("variable 'bomb': template output is larger than 8388608 characters"),
        run.toString());
    assertTrue(
        run.out().contains("template evaluation stopped after 10s (time limit per evaluation)"),
        run.toString());
    assertEquals(
        "heavy : ok=1 changed=0 unreachable=0 failed=1 skipped=0 rescued=0 ignored=1",
        recap(run, "heavy"));
    assertEquals(
        "light : ok=3 changed=2 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
        recap(run, "light"));
    assertFalse(Files.exists(dir.resolve("heavy/big.txt")));
    assertFalse(Files.exists(dir.resolve("heavy/after.txt")));
    assertEquals("small\n", Files.readString(dir.resolve("light/big.txt")));
    assertEquals("ok\n", Files.readString(dir.resolve("light/after.txt")));
  }
}
