package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Commands through one long-lived shell per host: framing, isolation, timeouts, become. */
class SshShellSessionTest {
  private static final Duration T = Duration.ofSeconds(20);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private SshConnection open(TestSshHost host) {
    return (SshConnection) new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host));
  }

  @Test
  void manyCommandsShareOneShellAndOneExecRequest() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      for (int i = 0; i < 30; i++) {
        CommandResult r =
            c.run(RemoteCommand.script("echo out" + i + "; echo err >&2; exit " + (i % 3)), T);
        assertEquals("out" + i + "\n", r.stdout());
        assertEquals("err\n", r.stderr());
        assertEquals(i % 3, r.exitCode());
      }
      assertEquals(1, c.shellSessionsOpened());
    }
    assertEquals(1, host.execRequests(), "one exec request for the session, none per command");
  }

  @Test
  void withoutSessionsEveryCommandIsAnExecRequest() {
    TestSshHost host = ssh.start();
    SshConnectionFactory f = new SshConnectionFactory(ssh.settings().withShellSession(false));
    try (SshConnection c = (SshConnection) f.open(ssh.spec("web1", host))) {
      for (int i = 0; i < 5; i++) {
        assertEquals(i + "\n", c.run(RemoteCommand.argv("echo", "" + i), T).stdout());
      }
      assertEquals(0, c.shellSessionsOpened());
    }
    assertEquals(5, host.execRequests());
  }

  @Test
  void cdExportAndUmaskOfOneCommandDoNotReachTheNext() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      String before = c.run(RemoteCommand.script("pwd; umask"), T).stdout();
      CommandResult first =
          c.run(RemoteCommand.script("cd /; export LEAK=yes; LOCAL=1; umask 0077; pwd"), T);
      assertEquals("/\n", first.stdout());
      CommandResult next = c.run(RemoteCommand.script("pwd; umask"), T);
      assertEquals(before, next.stdout());
      assertEquals(
          "unset unset\n",
          c.run(RemoteCommand.script("echo \"${LEAK-unset} ${LOCAL-unset}\""), T).stdout());
      // chdir and env of a command apply to that command only
      CommandResult scoped =
          c.run(
              RemoteCommand.script("pwd; echo \"$X\"").withChdir("/").withEnv(Map.of("X", "a b")),
              T);
      assertEquals("/\na b\n", scoped.stdout());
      assertEquals(before, c.run(RemoteCommand.script("pwd; umask"), T).stdout());
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void outputWithoutFinalNewlineOrHoldingTheMarkerPrefixComesBackExactly() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      assertEquals("abc", c.run(RemoteCommand.argv("printf", "abc"), T).stdout());
      assertEquals("\n\n", c.run(RemoteCommand.argv("printf", "\n\n"), T).stdout());
      assertEquals("", c.run(RemoteCommand.argv("true"), T).stdout());
      String tricky = "\npagetune-end-0123456789abcdef0123456 0\npagetune-end-\nafter";
      CommandResult r = c.run(RemoteCommand.argv("printf", "%s", tricky), T);
      assertEquals(tricky, r.stdout());
      CommandResult e = c.run(RemoteCommand.script("printf '%s' '" + tricky + "' >&2; exit 4"), T);
      assertEquals(tricky, e.stderr());
      assertEquals(4, e.exitCode());
    }
  }

  @Test
  void aCommandThatClosesItsStdoutEarlyStillEndsWithItsStatus() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      CommandResult r =
          c.run(RemoteCommand.script("echo first; exec >&-; sleep 0.3; echo late >&2; exit 3"), T);
      assertEquals("first\n", r.stdout());
      assertEquals("late\n", r.stderr());
      assertEquals(3, r.exitCode());
      assertFalse(r.timedOut());
      CommandResult noErr = c.run(RemoteCommand.script("exec 2>&-; echo still"), T);
      assertEquals("still\n", noErr.stdout());
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void aCommandThatNeverEndsIsKilledAndTheSessionStaysUsable() throws Exception {
    TestSshHost host = ssh.start();
    String marker = "600." + System.nanoTime() % 1_000_000;
    try (SshConnection c = open(host)) {
      c.run(RemoteCommand.argv("true"), T);
      long start = System.nanoTime();
      CommandResult r =
          c.run(RemoteCommand.script("echo started; sleep " + marker), Duration.ofSeconds(2));
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertTrue(r.timedOut(), r.toString());
      assertEquals("started\n", r.stdout());
      assertFalse(r.stderr().contains("pagetune-"), r.stderr());
      assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "took " + took);
      assertEquals("", SshConnectionTest.pgrep("sleep " + marker));
      assertEquals("ok\n", c.run(RemoteCommand.argv("echo", "ok"), T).stdout());
      assertEquals(1, c.shellSessionsOpened(), "the session survived the kill");
    }
  }

  @Test
  void aCommandKilledByASignalIsReportedAsTheExecChannelDoes() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      // KILL, which no shell can catch: mksh catches TERM and exits 143, as an exec channel says
      CommandResult killed = c.run(RemoteCommand.script("echo before; kill -KILL $$"), T);
      assertEquals(-1, killed.exitCode());
      assertEquals("before\n", killed.stdout());
      assertTrue(killed.stderr().contains("terminated by signal KILL"), killed.stderr());
      assertEquals(0, c.run(RemoteCommand.argv("true"), T).exitCode());
      // an argv is exec'd by the wrapper: no shell between it and the session reports its death as
      // an exit status, just as the command module of Ansible says rc -9 for it
      CommandResult argv = c.run(RemoteCommand.argv("/bin/sh", "-c", "kill -KILL $$"), T);
      assertEquals(-1, argv.exitCode());
      assertTrue(argv.stderr().contains("terminated by signal KILL"), argv.stderr());
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void relaysOfManyCommandsAreMadeInBatchesAndTheSpentOnesRemoved() throws Exception {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      whileABackgroundWriterRuns(
          c,
          () -> {
            // three batches of eight pairs: the writer's pair is removed while it still writes
            for (int i = 1; i < 24; i++) {
              assertOnlyItsOwnOutput(c, i, "");
            }
            // the 25th relayed command starts the fourth batch: its eight pairs and the note file
            // ($PPID is the session shell, which names its directory)
            CommandResult dir =
                c.run(RemoteCommand.script("ls \"${TMPDIR:-/tmp}\"/pagetune-sh.$PPID.*/"), T);
            assertEquals(0, dir.exitCode(), dir.stderr());
            assertEquals(
                "e24 e25 e26 e27 e28 e29 e30 e31 note o24 o25 o26 o27 o28 o29 o30 o31",
                String.join(" ", dir.stdout().strip().split("\n")));
          });
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void outputOfADaemonAnEarlierCommandLeftBehindReachesNoLaterCommand() throws Exception {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      CommandResult start =
          c.run(
              RemoteCommand.script(
                  "sh -c 'sleep 1; echo leaked; echo leaked-err >&2' & echo started"),
              T);
      assertEquals("started\n", start.stdout());
      Thread.sleep(1500); // the daemon has written by now, between two commands
      CommandResult next = c.run(RemoteCommand.argv("echo", "exact"), T);
      assertEquals("exact\n", next.stdout());
      assertEquals("", next.stderr());
      assertEquals(0, next.exitCode());
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void aBackgroundWriterAnEarlierCommandLeftRunningWritesIntoNoLaterCommand() throws Exception {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      whileABackgroundWriterRuns(
          c,
          () -> {
            for (int i = 0; i < 3; i++) {
              // each command lasts several of the writer's periods, so it writes during the frame
              assertOnlyItsOwnOutput(c, i, "sleep 0.3; ");
            }
          });
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  /** Runs {@code body} while a process an earlier command left behind writes to both streams. */
  private static void whileABackgroundWriterRuns(SshConnection c, Runnable body) {
    long writer = startBackgroundWriter(c);
    try {
      body.run();
    } finally {
      ProcessHandle.of(writer).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  /** Runs command {@code i} ({@code pause} between its two lines): its own output, nothing else. */
  private static void assertOnlyItsOwnOutput(SshConnection c, int i, String pause) {
    CommandResult r =
        c.run(RemoteCommand.script("echo own" + i + "; " + pause + "echo err" + i + " >&2"), T);
    assertEquals("own" + i + "\n", r.stdout());
    assertEquals("err" + i + "\n", r.stderr());
    assertEquals(0, r.exitCode());
  }

  /** Leaves a process behind that writes to both streams every 50 ms; its PID. */
  private static long startBackgroundWriter(SshConnection c) {
    CommandResult start =
        c.run(
            RemoteCommand.script(
                "(while :; do echo tick; echo tock >&2; sleep 0.05; done) & echo \"pid=$!\""),
            T);
    // the writer's own first lines may come within this command's frame: it is its child
    java.util.regex.Matcher pid =
        java.util.regex.Pattern.compile("(?m)^pid=(\\d+)$").matcher(start.stdout());
    assertTrue(pid.find(), start.stdout());
    return Long.parseLong(pid.group(1));
  }

  @Test
  void anExitStatusAbove128IsAnExitStatusNotASignal() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      CommandResult r = c.run(RemoteCommand.script("echo out; echo err >&2; exit 143"), T);
      assertEquals(143, r.exitCode());
      assertEquals("out\n", r.stdout());
      assertEquals("err\n", r.stderr());
      assertFalse(r.timedOut());
      // a child of the command dies of a signal (its shell's notice goes to the command's stderr)
      CommandResult nested = c.run(RemoteCommand.script("sh -c 'kill -KILL $$'; exit 143"), T);
      assertEquals(143, nested.exitCode(), "the command itself exited");
      assertFalse(nested.stderr().contains("terminated by signal"), nested.stderr());
      CommandResult killed = c.run(RemoteCommand.script("kill -KILL $$"), T);
      assertEquals(-1, killed.exitCode());
      assertTrue(killed.stderr().contains("terminated by signal KILL"), killed.stderr());
      CommandResult high = c.run(RemoteCommand.script("exit 255"), T);
      assertEquals(255, high.exitCode(), "the highest exit status is one");
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void aNewSessionRemovesTheNoteDirectoryOfAShellNoLongerAlive() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    String tmp = Optional.ofNullable(System.getenv("TMPDIR")).orElse("/tmp");
    Path stale = Files.createDirectory(Path.of(tmp, "pagetune-sh." + gone.pid() + ".0badc0ffee"));
    Path alive =
        Files.createDirectory(
            Path.of(tmp, "pagetune-sh." + ProcessHandle.current().pid() + ".0badc0ffee"));
    try {
      TestSshHost host = ssh.start();
      try (SshConnection c = open(host)) {
        assertEquals("ok\n", c.run(RemoteCommand.argv("echo", "ok"), T).stdout());
        assertFalse(Files.exists(stale), "the dead shell's directory is removed");
        assertTrue(Files.exists(alive), "a live shell's directory stays");
      }
    } finally {
      Files.deleteIfExists(stale);
      Files.deleteIfExists(alive);
    }
  }

  @Test
  void aSessionShellThatDiesIsReplaced() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host)) {
      c.run(RemoteCommand.argv("true"), T);
      // the command's parent is the session shell
      CommandResult r = c.run(RemoteCommand.script("kill -9 $PPID; sleep 1; echo never"), T);
      assertEquals(-1, r.exitCode());
      assertTrue(r.stderr().contains("shell session ended"), r.stderr());
      assertEquals("again\n", c.run(RemoteCommand.argv("echo", "again"), T).stdout());
      assertEquals(2, c.shellSessionsOpened());
    }
  }

  @Test
  void largeAndBinaryOutputPassesByteForByte() throws Exception {
    TestSshHost host = hostWithFakeSudo();
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (int round = 0; round < 3; round++) {
      for (int b = 0; b < 256; b++) {
        all.write(b);
      }
      all.writeBytes("\npagetune-end-\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    byte[] big = new byte[3 * 1024 * 1024];
    new java.util.Random(7).nextBytes(big);
    all.writeBytes(big);
    Path file = host.workDir().resolve("blob.bin");
    Files.write(file, all.toByteArray());
    try (SshConnection c = open(host)) {
      // with become, reads go through the shell (cat), not SFTP
      Optional<byte[]> read = c.read(file.toString(), Become.as("root"));
      assertArrayEquals(all.toByteArray(), read.orElseThrow());
      CommandResult size = c.run(RemoteCommand.script("head -c 5000000 /dev/zero | tr '\\0' a"), T);
      assertEquals(5_000_000, size.stdout().length());
      assertEquals(1, c.shellSessionsOpened());
    }
  }

  @Test
  void becomeWithoutPasswordRunsThroughSudoOnTheSession() throws Exception {
    TestSshHost host = hostWithFakeSudo();
    try (SshConnection c = open(host)) {
      for (int i = 0; i < 5; i++) {
        CommandResult r =
            c.run(
                RemoteCommand.script("echo \"$FAKE_SUDO_USER\"").withBecome(Become.as("oracle")),
                T);
        assertEquals("oracle\n", r.stdout());
      }
      assertEquals(
          "",
          c.run(RemoteCommand.script("echo \"${FAKE_SUDO_USER-}\""), T).stdout().strip(),
          "sudo's environment does not stay in the session");
    }
    assertEquals(1, host.execRequests());
  }

  private TestSshHost hostWithFakeSudo() throws Exception {
    Path bin = Files.createDirectories(ssh.root().resolve("fake-bin"));
    Path sudo = bin.resolve("sudo");
    Files.copy(SshShellSessionTest.class.getResourceAsStream("/connection/ssh/fake-sudo"), sudo);
    Files.setPosixFilePermissions(sudo, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("nopasswd"), "");
    return ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
  }
}
