package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Become on the local connection, through a stand-in sudo that checks the password it reads on
 * stdin and logs its argv: the password never in argv or output, the command's own stdin intact.
 */
class LocalBecomeTest {
  private static final Duration T = Duration.ofSeconds(20);
  private static final String PASSWORD = "local-s3cret";

  @TempDir Path dir;

  private Path bin;

  private LocalConnection local(String password, boolean nopasswd) throws IOException {
    bin = Files.createDirectories(dir.resolve("bin"));
    try (InputStream fake =
        LocalBecomeTest.class.getResourceAsStream("/connection/ssh/fake-sudo")) {
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
    if (nopasswd) {
      Files.writeString(bin.resolve("nopasswd"), "");
    }
    return new LocalConnection(
        "localhost", new LocalSudo(sudo.toString(), () -> Optional.ofNullable(password)));
  }

  private List<String> argvLog() throws IOException {
    return Files.readAllLines(bin.resolve("argv.log"));
  }

  @Test
  void commandsRunThroughSudoWithThePasswordOnStdinBeforeTheirOwnInput() throws Exception {
    LocalConnection c = local(PASSWORD, false);
    CommandResult r =
        c.run(
            RemoteCommand.script("echo \"$FAKE_SUDO_USER\"; cat")
                .withBecome(Become.as("oracle"))
                .withStdin("payload\n"),
            T);
    assertTrue(r.ok(), r.toString());
    assertEquals("oracle\npayload\n", r.stdout());
    assertFalse(r.stderr().contains(PASSWORD));
    List<String> argv = argvLog();
    // the probe, then the command: sudo -S -p '' -H -u oracle -- /bin/sh -c '...'
    assertEquals("-n -u oracle true", argv.get(0));
    assertEquals(
        "-S -p  -H -u oracle -- /bin/sh -c printf '%s\\n' pagetune-become-ok >&2",
        argv.get(1), "the command behind the line telling that sudo let it through");
    assertEquals("echo \"$FAKE_SUDO_USER\"; cat", argv.get(2));
    assertEquals("", r.stderr(), "the marker line is not the command's stderr");
    assertTrue(argv.stream().noneMatch(l -> l.contains(PASSWORD)), argv.toString());
  }

  @Test
  void argvCommandsAreQuotedInsideTheShellSudoRuns() throws Exception {
    LocalConnection c = local(PASSWORD, false);
    CommandResult r =
        c.run(RemoteCommand.argv("printf", "%s|", "a b", "it's").withBecome(Become.as("root")), T);
    assertEquals("a b|it's|", r.stdout(), r.toString());
  }

  @Test
  void aWrongPasswordIsAClearFailureWithoutTheSecret() throws Exception {
    LocalConnection c = local("not-it", false);
    BecomeRefused e =
        assertThrows(
            BecomeRefused.class,
            () -> c.run(RemoteCommand.argv("id").withBecome(Become.as("root")), T));
    assertEquals(
        "localhost: sudo to root refused: Sorry, try again. sudo: 1 incorrect password attempt",
        e.getMessage());
  }

  @Test
  void withoutAPasswordSudoIsNotInteractiveAndFailsAtOnce() throws Exception {
    LocalConnection c = local(null, false);
    BecomeRefused e =
        assertThrows(
            BecomeRefused.class,
            () ->
                c.run(
                    RemoteCommand.argv("cat").withBecome(Become.as("root")).withStdin("input\n"),
                    T));
    assertTrue(
        e.getMessage()
            .startsWith(
                "localhost: sudo to root refused: sudo: a password is required (no become password"
                    + " was given"),
        e.getMessage());
    assertTrue(argvLog().stream().anyMatch(l -> l.startsWith("-n -p  -H -u root -- ")));
  }

  @Test
  void aMissingSudoFailsTheCommandWithAClearMessage() {
    LocalConnection c =
        new LocalConnection(
            "localhost",
            new LocalSudo(dir.resolve("no-such-sudo").toString(), () -> Optional.of(PASSWORD)));
    CommandResult r = c.run(RemoteCommand.argv("id").withBecome(Become.as("root")), T);
    assertEquals(127, r.exitCode());
    assertTrue(r.stderr().startsWith("pagetune: cannot start " + dir.resolve("no-such-sudo")));
  }

  @Test
  void whenSudoAsksForNoPasswordItIsNeverSent() throws Exception {
    LocalConnection c = local(PASSWORD, true);
    CommandResult r =
        c.run(RemoteCommand.argv("cat").withBecome(Become.as("root")).withStdin("only this"), T);
    assertEquals("only this", r.stdout());
  }

  @Test
  void readStatAndPutRunAsTheBecomeUser() throws Exception {
    LocalConnection c = local(PASSWORD, false);
    Path target = dir.resolve("etc/limits.conf");
    Files.createDirectories(target.getParent());
    Files.writeString(target, "old\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
    Become root = Become.as("root");
    byte[] content = new byte[256 * 1024];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) i; // binary, all byte values: nothing may be lost as text
    }
    c.put(content, target.toString(), PutOptions.DEFAULT.withBecome(root));
    assertArrayEquals(content, Files.readAllBytes(target));
    assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    assertArrayEquals(content, c.read(target.toString(), root).orElseThrow());
    FileMeta meta = c.stat(target.toString(), root).orElseThrow();
    assertEquals(0640, meta.mode());
    assertEquals(content.length, meta.size());
    assertTrue(c.read(target + ".missing", root).isEmpty());
    assertTrue(c.stat(target + ".missing", root).isEmpty());
    try (Stream<Path> left = Files.list(target.getParent())) {
      assertEquals(List.of(target), left.toList(), "no temp file left");
    }
    assertTrue(argvLog().stream().allMatch(l -> !l.contains(PASSWORD)));
    assertTrue(
        argvLog().stream().filter(l -> l.startsWith("-S ")).count() >= 4,
        "every file operation went through sudo: " + argvLog());
  }

  @Test
  void aRefusedWriteLeavesTheTargetAndNoTempFile() throws Exception {
    LocalConnection c = local("not-it", false);
    Path target = dir.resolve("motd");
    Files.writeString(target, "old\n");
    BecomeRefused e =
        assertThrows(
            BecomeRefused.class,
            () ->
                c.put(
                    "new\n".getBytes(StandardCharsets.UTF_8),
                    target.toString(),
                    PutOptions.DEFAULT.withBecome(Become.as("root"))));
    assertEquals(
        "localhost: sudo to root refused: Sorry, try again. sudo: 1 incorrect password attempt",
        e.getMessage());
    assertEquals("old\n", Files.readString(target));
    try (Stream<Path> left = Files.list(dir)) {
      assertTrue(left.noneMatch(p -> p.getFileName().toString().contains(".pagetune-")));
    }
  }

  @Test
  void aTimedOutBecomeCommandIsKilled() throws Exception {
    LocalConnection c = local(PASSWORD, false);
    String marker = "600." + System.nanoTime() % 1_000_000;
    CommandResult r =
        c.run(
            RemoteCommand.script("sleep " + marker).withBecome(Become.as("root")),
            Duration.ofSeconds(2));
    assertTrue(r.timedOut());
    Process pgrep = new ProcessBuilder("pgrep", "-f", "sleep " + marker).start();
    assertEquals(1, pgrep.waitFor(), "the command is still running");
  }
}
