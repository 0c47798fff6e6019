package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run with {@code become_method: su} on a local host ({@code ansible_connection: local}): a
 * command and a file write go through su (a stand-in named by {@code ansible_become_exe}) with
 * PAGETUNE_BECOME_PASSWORD fed to it; a wrong password is one line for the host.
 */
class LocalSuRunTest {
  private static final String PASSWORD = "su-run-s3cret";

  @TempDir Path dir;

  private CliRun run(String password) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path su = bin.resolve("su");
    if (!Files.exists(su)) {
      try (InputStream fake = LocalSuRunTest.class.getResourceAsStream("/connection/ssh/fake-su")) {
        Files.copy(fake, su);
      }
      Files.setPosixFilePermissions(su, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.writeString(bin.resolve("password"), PASSWORD + "\n");
    }
    Path root = Files.createDirectories(dir.resolve("root"));
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    box:\n      ansible_connection: local\n      ansible_become_exe: "
            + su
            + "\n      root: "
            + root
            + "\n");
    Path play = dir.resolve("play.yml");
    Files.writeString(
        play,
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  become: true\n"
            + "  become_method: su\n"
            + "  become_user: oracle\n"
            + "  tasks:\n"
            + "    - name: who\n"
            + "      command: printenv FAKE_SU_USER\n"
            + "      register: who\n"
            + "      changed_when: false\n"
            + "    - assert: { that: \"who.stdout == 'oracle'\" }\n"
            + "    - copy: { dest: \"${root}/limits.conf\", content: \"oracle soft memlock"
            + " unlimited\\n\", mode: \"0640\" }\n");
    return CliRun.withEnv(
        Map.of("PAGETUNE_BECOME_PASSWORD", password),
        "run",
        play.toString(),
        "-i",
        inventory.toString(),
        "--progress",
        "none");
  }

  @Test
  void commandsAndFileWritesBecomeTheUserThroughSu() throws Exception {
    CliRun run = run(PASSWORD);
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(
        run.out().matches("(?s).*box +: ok=3 +changed=1 +unreachable=0 +failed=0 .*"), run.out());
    Path written = dir.resolve("root/limits.conf");
    assertEquals("oracle soft memlock unlimited\n", Files.readString(written));
    assertEquals(
        "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(written)));
    List<String> calls = Files.readAllLines(dir.resolve("bin/su.log"));
    assertTrue(calls.size() >= 3, "command, stat and write through su: " + calls);
    assertFalse(run.out().contains(PASSWORD) || run.err().contains(PASSWORD));
  }

  @Test
  void aWrongPasswordFailsTheHostInOneLine() throws Exception {
    CliRun run = run("wrong-one");
    assertEquals(2, run.exitCode(), run.toString());
    List<String> fatal = run.out().lines().filter(l -> l.startsWith("fatal: [box]")).toList();
    assertEquals(
        List.of("fatal: [box]: FAILED! => box: su to oracle refused: su: Authentication failure"),
        fatal,
        run.toString());
    assertFalse((run.out() + run.err()).contains("Exception"), run.toString());
    assertFalse(run.out().contains("wrong-one") || run.err().contains("wrong-one"));
    assertFalse(Files.exists(dir.resolve("root/limits.conf")));
  }
}
