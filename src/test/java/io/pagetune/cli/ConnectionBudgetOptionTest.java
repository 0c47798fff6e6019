package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.LocalFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --connection-budget} on the command line: its bad values, pinned runs, fallbacks. */
class ConnectionBudgetOptionTest {
  @TempDir Path dir;

  private Path fleet(String name, int hosts) throws Exception {
    Path sub = Files.createDirectories(dir.resolve(name));
    Path inv = LocalFleet.write(sub, hosts);
    for (int i = 1; i <= hosts; i++) {
      Files.createDirectories(sub.resolve("h" + i));
    }
    return inv;
  }

  private Path playbook(String text) throws Exception {
    Path p = dir.resolve("play.yml");
    Files.writeString(p, text);
    return p;
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "many", "2.5", ""})
  void aBadBudgetIsOneLineAndTheExitCodeOfOtherBadOptions(String value) throws Exception {
    Path inv = fleet("bad", 1);
    Path play = playbook("- hosts: all\n  tasks:\n    - debug: { msg: hi }\n");
    CliRun badForks = CliRun.of("run", play.toString(), "-i", inv.toString(), "--forks", "0");
    CliRun run =
        CliRun.of("run", play.toString(), "-i", inv.toString(), "--connection-budget=" + value);
    assertEquals(badForks.exitCode(), run.exitCode(), run.toString());
    assertTrue(run.exitCode() != 0, run.toString());
    String[] lines = run.err().strip().split("\n");
    assertEquals(1, lines.length, run.toString());
    assertTrue(
        lines[0].contains(
            "--connection-budget must be a whole number of hosts, at least 1 (got '"
                + value
                + "')"),
        run.toString());
    assertFalse(run.out().contains("TASK ["), "no host was contacted: " + run);
  }

  @Test
  void applyOfASavedPlanChecksTheBudgetToo() throws Exception {
    CliRun run =
        CliRun.of("apply", dir.resolve("none.plan").toString(), "--connection-budget", "0");
    CliRun badForks = CliRun.of("apply", dir.resolve("none.plan").toString(), "--forks", "0");
    assertTrue(run.exitCode() != 0, run.toString());
    assertEquals(
        "--connection-budget:1:1: --connection-budget must be a whole number of hosts, at least 1"
            + " (got '0')",
        run.err().strip());
    assertTrue(badForks.err().contains("none.plan"), "forks is checked later: " + badForks);
  }

  private static final String INDEPENDENT =
      """
      - name: independent
        hosts: all
        tasks:
          - name: write
            copy: { dest: "${root}/a", content: "${inventory_hostname}\\n" }
            notify: done
          - name: only h2 fails
            fail: { msg: stop }
            when: inventory_hostname == 'h2'
          - name: after
            copy: { dest: "${root}/b", content: "b\\n" }
        handlers:
          - name: done
            debug: { msg: handled }
      """;

  @Test
  void aPinnedRunPrintsWhatALinearRunPrints() throws Exception {
    Path play = playbook(INDEPENDENT);
    Path linearInv = fleet("linear", 4);
    Path pinnedInv = fleet("pinned", 4);
    CliRun linear =
        CliRun.of(
            "run",
            play.toString(),
            "-i",
            linearInv.toString(),
            "--forks",
            "1",
            "--progress",
            "none");
    CliRun pinned =
        CliRun.of(
            "run",
            play.toString(),
            "-i",
            pinnedInv.toString(),
            "--connection-budget",
            "2",
            "--progress",
            "none");
    assertEquals(2, linear.exitCode(), linear.toString());
    assertEquals(linear.exitCode(), pinned.exitCode());
    assertEquals(runless(linear.out()), runless(pinned.out()));
    assertFalse(pinned.out().contains("connection budget"), pinned.out());
    assertTrue(Files.exists(dir.resolve("pinned/h4/b")));
    assertFalse(Files.exists(dir.resolve("pinned/h2/b")));
  }

  private static String runless(String out) {
    return out.replaceAll("\\d{8}T\\d{6}Z-[0-9a-f]{6}", "RUN");
  }

  @Test
  void aPlayThatNeedsItsHostsInStepRunsLinearWithOneWarning() throws Exception {
    Path play =
        playbook(
            """
            - name: together
              hosts: all
              tasks:
                - name: pick
                  set_fact: { leader: "${inventory_hostname}" }
                  run_once: true
                - name: write
                  copy: { dest: "${root}/leader", content: "${leader}\\n" }
            """);
    Path inv = fleet("together", 3);
    CliRun run =
        CliRun.of(
            "run",
            play.toString(),
            "-i",
            inv.toString(),
            "--connection-budget",
            "2",
            "--output",
            "json",
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run.toString());
    long warnings =
        Arrays.stream(run.out().split("\n"))
            .filter(l -> l.contains("\"event\":\"warning\"") && l.contains("connection budget"))
            .count();
    assertEquals(1, warnings, run.out());
    assertTrue(
        run.out()
            .contains(
                "play 'together': 3 hosts exceed the connection budget 2, but run_once at "
                    + play
                    + ":4:7 needs every host in step; keeping all 3 connections open"),
        run.out());
    for (int i = 1; i <= 3; i++) {
      assertEquals("h1\n", Files.readString(dir.resolve("together/h" + i + "/leader")));
    }
  }
}
