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
 * A whole run with {@code become} on a local host: commands and file writes go through sudo (a
 * stand-in named by {@code ansible_become_exe}) with PAGETUNE_BECOME_PASSWORD on its stdin.
 */
class LocalBecomeRunTest {
  private static final String PASSWORD = "run-s3cret";

  @TempDir Path dir;

  private Path sudo() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    try (InputStream fake =
        LocalBecomeRunTest.class.getResourceAsStream("/connection/ssh/fake-sudo")) {
      Files.copy(fake, bin.resolve("fake-sudo"));
    }
    Path sudo = bin.resolve("sudo");
    Files.writeString(
        sudo,
        "#!/bin/sh\n"
            + "printf '%s\\n' \"$*\" >> \"$(dirname \"$0\")/argv.log\"\n"
            + "exec \"$(dirname \"$0\")/fake-sudo\" \"$@\"\n");
    for (Path p : List.of(sudo, bin.resolve("fake-sudo"))) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    Files.writeString(bin.resolve("password"), PASSWORD + "\n");
    return sudo;
  }

  private CliRun run(String password) throws Exception {
    Path sudo = dir.resolve("bin/sudo");
    Path root = Files.createDirectories(dir.resolve("root"));
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    box:\n      ansible_connection: local\n      ansible_become_exe: "
            + sudo
            + "\n      root: "
            + root
            + "\n");
    Path play = dir.resolve("play.yml");
    Files.writeString(
        play,
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  become: true\n"
            + "  become_user: oracle\n"
            + "  tasks:\n"
            + "    - name: who\n"
            + "      shell: echo \"$FAKE_SUDO_USER\"\n"
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
  void commandsAndFileWritesBecomeTheUserWithThePasswordOnStdin() throws Exception {
    Path sudo = sudo();
    CliRun run = run(PASSWORD);
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(
        run.out().matches("(?s).*box +: ok=3 +changed=1 +unreachable=0 +failed=0 .*"), run.out());
    Path written = dir.resolve("root/limits.conf");
    assertEquals("oracle soft memlock unlimited\n", Files.readString(written));
    assertEquals(
        "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(written)));
    List<String> argv = Files.readAllLines(sudo.resolveSibling("argv.log"));
    assertTrue(
        argv.stream().filter(l -> l.startsWith("-S -p  -H -u oracle -- /bin/sh -c ")).count() >= 3,
        "command, stat and write through sudo: " + argv);
    assertTrue(argv.stream().noneMatch(l -> l.contains(PASSWORD)), argv.toString());
    assertFalse(run.out().contains(PASSWORD) || run.err().contains(PASSWORD));
  }

  @Test
  void aWrongBecomePasswordFailsTheHostInOneLine() throws Exception {
    sudo();
    CliRun run = run("wrong-one");
    assertEquals(2, run.exitCode(), run.toString());
    List<String> fatal = run.out().lines().filter(l -> l.startsWith("fatal: [box]")).toList();
    assertEquals(1, fatal.size(), run.toString());
    assertTrue(
        fatal
            .get(0)
            .endsWith(
                "box: sudo to oracle refused: Sorry, try again. sudo: 1 incorrect password"
                    + " attempt"),
        fatal.get(0));
    assertFalse(run.out().contains("wrong-one") || run.err().contains("wrong-one"));
    assertFalse(Files.exists(dir.resolve("root/limits.conf")));
  }
}
