package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.ConnectionException;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.FactGatherer;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.StallingProxy;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every wait on a host, not only a command's, ends at the task's timeout plus the one grace for
 * "are you there?": fact gathering before the first task, opening a shell session or the SFTP
 * channel, the shell's file reads and stats. A frozen host is cut with a message naming those
 * figures, never after sshj's own 30 s and never with its "30000 MILLISECONDS".
 */
class SshTaskTimeoutWaitsTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  /** What the cut says after a wait of 2 s called {@code limit} and the 3 s grace. */
  private static String figures(String limit) {
    return "no answer from db1 within 5 s (" + limit + " 2 s + 3 s grace)";
  }

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private SshConnection open(int port, boolean shellSession) {
    return (SshConnection)
        new SshConnectionFactory(ssh.settings().withShellSession(shellSession))
            .open(ssh.spec("db1", port, Map.of()));
  }

  /** The one-line report of a host cut off, with the figures, within a sane time. */
  private static ConnectionException cutWithFigures(Executable op, String limit, String during) {
    long t0 = System.nanoTime();
    ConnectionException e = assertThrows(ConnectionException.class, op);
    long took = Duration.ofNanos(System.nanoTime() - t0).toSeconds();
    String m = e.getMessage();
    assertTrue(m.startsWith("db1: connection dropped: " + figures(limit) + " " + during), m);
    assertFalse(m.contains("MILLISECONDS") || m.contains("\n"), m);
    // sanity only (the figures above are the assertion): about 5 s, where sshj alone waits 30 s
    assertTrue(took < 20, "cut after " + took + " s");
    return e;
  }

  @ParameterizedTest(name = "shell session {0}")
  @ValueSource(booleans = {true, false})
  void factGatheringBeforeAnyTaskEndsAtItsTimeoutPlusTheGrace(boolean shellSession) {
    TestSshHost host = ssh.start();
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      try (SshConnection c = open(proxy.port(), shellSession)) {
        proxy.freeze(); // logged in, nothing asked yet: the first thing is the facts
        cutWithFigures(
            () -> FactGatherer.gather(c, new BaseFacts().facts(), Become.NONE, TIMEOUT),
            "command timeout",
            shellSession ? "while opening a shell session" : "while running '");
      }
    }
  }

  @Test
  void sshjsOwnWaitsFollowTheTimeoutOfTheFactsAndOfEachTask() {
    TestSshHost host = ssh.start();
    try (SshConnection c = open(host.port(), true)) {
      FactGatherer.gather(c, new BaseFacts().facts(), Become.NONE, Duration.ofSeconds(7));
      // a backstop past pagetune's own bound: the timeout plus the grace, never sshj's 30 s
      assertEquals(10_000, c.sshjTimeoutMs());
      assertEquals(Duration.ofSeconds(7), c.taskTimeout());
      c.useTaskTimeout(TIMEOUT);
      assertEquals(5_000, c.sshjTimeoutMs());
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"read", "stat"})
  void openingTheSftpChannelOnAFrozenHostEndsAtTheTaskTimeoutPlusTheGrace(String op)
      throws Exception {
    TestSshHost host = ssh.start();
    Path file = Files.writeString(host.workDir().resolve("motd"), "old\n");
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      // without a shell session, files go over SFTP: its channel is opened at the first one
      try (SshConnection c = open(proxy.port(), false)) {
        c.useTaskTimeout(TIMEOUT);
        proxy.freeze();
        cutWithFigures(
            op.equals("read")
                ? () -> c.read(file.toString(), Become.NONE)
                : () -> c.stat(file.toString(), Become.NONE),
            "task timeout",
            "while opening the SFTP channel for " + op + " " + file);
      }
    }
  }

  @Test
  void anSftpSubsystemThatNeverAnswersLeavesFilesToTheShellWithinTheTaskTimeout() throws Exception {
    TestSshHost host = ssh.start();
    Path file = Files.writeString(host.workDir().resolve("motd"), "old\n");
    host.silenceSftp();
    try (SshConnection c = open(host.port(), false)) {
      c.useTaskTimeout(TIMEOUT);
      // sshj waits for the subsystem's first packet without any limit; the bound is only there
      // so that the old behaviour fails instead of hanging the suite
      byte[] read =
          assertTimeoutPreemptively(
              Duration.ofSeconds(60), () -> c.read(file.toString(), Become.NONE).orElseThrow());
      assertEquals("old\n", new String(read, java.nio.charset.StandardCharsets.UTF_8));
      assertFalse(c.usesSftp(), "the host answers, so its files go through the shell");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"read", "stat"})
  void aFileOperationOverTheShellOnAFrozenHostEndsAtTheTaskTimeoutPlusTheGrace(String op)
      throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(false));
    Path file = Files.writeString(host.workDir().resolve("motd"), "old\n");
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      try (SshConnection c = open(proxy.port(), false)) {
        assertTrue(c.read(file.toString(), Become.NONE).isPresent()); // learns: no SFTP here
        assertFalse(c.usesSftp());
        c.useTaskTimeout(TIMEOUT);
        proxy.freeze();
        cutWithFigures(
            op.equals("read")
                ? () -> c.read(file.toString(), Become.NONE)
                : () -> c.stat(file.toString(), Become.NONE),
            "command timeout",
            "while running '" + op + " " + file + "'");
      }
    }
  }
}
