package io.pagetune.executor.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pagetune_check_only: true} from the inventory cannot be lifted by play vars, block or task
 * vars, set_fact, register or {@code -e}: the host fails with a message naming what tried, its
 * files stay untouched, and the other host is not affected. The same in --check.
 */
class CheckOnlyLockTest {
  private static final String LOCKED = "pagetune_check_only is true in the inventory";

  @TempDir Path dir;

  private Path inventory() throws Exception {
    Path inv = dir.resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  children:\n    prod:\n      vars:\n        pagetune_check_only: true\n"
            + "      hosts:\n        locked:\n          ansible_connection: local\n"
            + "          root: "
            + dir.resolve("locked")
            + "\n  hosts:\n    free:\n      ansible_connection: local\n      root: "
            + dir.resolve("free")
            + "\n");
    Files.createDirectories(dir.resolve("locked"));
    Files.createDirectories(dir.resolve("free"));
    return inv;
  }

  private Path playbook(String playVars, String tasks) throws Exception {
    Path p = dir.resolve("play.yml");
    Files.writeString(p, "- hosts: all\n  gather_facts: false\n" + playVars + "  tasks:\n" + tasks);
    return p;
  }

  private static final String WRITE =
      "    - name: write\n      copy: { dest: \"${root}/f.txt\", content: \"x\\n\" }\n";

  private CliRun run(Path play, String... extra) throws Exception {
    List<String> args =
        new ArrayList<>(List.of("run", play.toString(), "-i", inventory().toString()));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(new String[0]));
  }

  private static String recap(CliRun run, String host) {
    for (String line : run.out().split("\n")) {
      if (line.startsWith(host + " ")) {
        return line.replaceAll("\\s+", " ").trim();
      }
    }
    throw new AssertionError("no recap for " + host + "\n" + run);
  }

  private void assertLockHeld(CliRun run, String who, boolean check) {
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(recap(run, "locked").contains(" failed=1 "), run.toString());
    assertTrue(recap(run, "free").contains(" failed=0 "), run.toString());
    assertTrue(
        run.out().contains("locked: " + LOCKED + " and a playbook cannot lift it; " + who),
        run.toString());
    assertFalse(Files.exists(dir.resolve("locked/f.txt")), "the locked host was changed");
    assertEquals(!check, Files.exists(dir.resolve("free/f.txt")));
  }

  @Test
  void playVarsCannotLiftIt() throws Exception {
    Path play = playbook("  vars:\n    pagetune_check_only: false\n", WRITE);
    assertLockHeld(run(play, "--check"), "the play's vars: sets it to 'false'", true);
    assertLockHeld(run(play), "the play's vars: sets it to 'false'", false);
  }

  @Test
  void taskVarsCannotLiftIt() throws Exception {
    Path play = playbook("", WRITE + "      vars: { pagetune_check_only: no }\n");
    assertLockHeld(run(play), "the task's vars: sets it to 'false'", false);
  }

  @Test
  void setFactCannotLiftItAndFailsAtTheSetFact() throws Exception {
    Path play =
        playbook(
            "", "    - name: unlock\n      set_fact: { pagetune_check_only: false }\n" + WRITE);
    CliRun check = run(play, "--check");
    assertLockHeld(check, "set_fact sets it to 'false'", true);
    assertTrue(check.out().contains("fatal: [locked]: FAILED! => "), check.out());
    assertTrue(recap(check, "locked").startsWith("locked : ok=0 "), check.out());
    assertLockHeld(run(play), "set_fact sets it to 'false'", false);
  }

  @Test
  void registerCannotLiftIt() throws Exception {
    Path play =
        playbook(
            "",
            "    - name: unlock\n      command: echo\n      register: pagetune_check_only\n"
                + WRITE);
    CliRun run = run(play);
    assertTrue(
        run.out()
            .contains(
                "locked: "
                    + LOCKED
                    + " and a playbook cannot lift it; register: pagetune_check_only on this task"),
        run.toString());
    assertTrue(recap(run, "locked").contains(" failed=1 "), run.toString());
    assertFalse(Files.exists(dir.resolve("locked/f.txt")), "the locked host was changed");
  }

  @Test
  void extraVarsCannotLiftIt() throws Exception {
    Path play = playbook("", WRITE);
    assertLockHeld(
        run(play, "--check", "-e", "pagetune_check_only=false"),
        "-e (extra vars) sets it to 'false'",
        true);
    assertLockHeld(
        run(play, "-e", "pagetune_check_only=false"), "-e (extra vars) sets it to 'false'", false);
  }

  @Test
  void aTaskForcedOutOfCheckModeStillCannotChangeALockedHost() throws Exception {
    Path play = playbook("", WRITE + "      check_mode: false\n");
    CliRun run = run(play, "--check");
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(run.out().contains("refusing to change locked"), run.out());
    assertFalse(Files.exists(dir.resolve("locked/f.txt")), "the locked host was changed");
    assertTrue(Files.exists(dir.resolve("free/f.txt")), "check_mode: false applies elsewhere");
  }

  @Test
  void withoutAnAttemptTheLockedHostOnlyRefusesChanges() throws Exception {
    Path play = playbook("", WRITE);
    CliRun check = run(play, "--check");
    assertEquals(0, check.exitCode(), check.toString());
    CliRun run = run(play);
    assertEquals(2, run.exitCode(), run.toString());
    assertFalse(run.out().contains("cannot lift"), run.out());
    assertTrue(run.out().contains("refusing to change locked"), run.out());
    assertFalse(Files.exists(dir.resolve("locked/f.txt")));
    assertTrue(Files.exists(dir.resolve("free/f.txt")));
  }
}
