package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.FactGatherer;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.StallingProxy;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A connection lost in the middle of any operation is a {@link ConnectionException} (the host
 * becomes UNREACHABLE) with one line naming the host, never a raw I/O error; a host that stops
 * answering is cut off shortly after the command's timeout.
 */
class SshConnectionLostTest {
  private static final Duration T = Duration.ofSeconds(20);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private SshConnection open(TestSshHost host) {
    return (SshConnection) new SshConnectionFactory(ssh.settings()).open(ssh.spec("db1", host));
  }

  private static ConnectionException lost(Executable op) {
    ConnectionException e = assertThrows(ConnectionException.class, op);
    assertTrue(e.getMessage().startsWith("db1: connection dropped"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e;
  }

  private void droppedDuring(boolean sftp, Consumer<TestSshHost> arm, OpOn op) throws Exception {
    droppedDuring(sftp, true, arm, op);
  }

  private void droppedDuring(boolean sftp, boolean shellSession, Consumer<TestSshHost> arm, OpOn op)
      throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path target = host.workDir().resolve("profile");
    Files.writeString(target, "old content\n");
    try (SshConnection c =
        (SshConnection)
            new SshConnectionFactory(ssh.settings().withShellSession(shellSession))
                .open(ssh.spec("db1", host))) {
      arm.accept(host);
      lost(() -> op.run(c, target.toString()));
      // the host stays lost: the next operation fails at once, the same way
      long t0 = System.nanoTime();
      assertThrows(ConnectionException.class, () -> c.run(RemoteCommand.argv("true"), T));
      assertTrue(Duration.ofNanos(System.nanoTime() - t0).toSeconds() < 5);
    }
    assertEquals("old content\n", Files.readString(target), "never half-written");
  }

  private interface OpOn {
    void run(SshConnection c, String path) throws Exception;
  }

  @Test
  void inACommand() throws Exception {
    droppedDuring(
        true,
        h -> h.dropOnCommand("pagetune-drop-me"),
        (c, p) -> c.run(RemoteCommand.script("echo pagetune-drop-me; sleep 5"), T));
  }

  @Test
  void inFactGathering() throws Exception {
    droppedDuring(
        true,
        h -> h.dropOnCommand("@@pt-"),
        (c, p) -> FactGatherer.gather(c, new BaseFacts().facts(), Become.NONE, T));
  }

  @Test
  void inAnSftpPut() throws Exception {
    // without a shell session, where a write goes through SFTP
    droppedDuring(
        true,
        false,
        TestSshHost::dropOnSftpOpen,
        (c, p) -> c.put("new\n".getBytes(StandardCharsets.UTF_8), p, PutOptions.DEFAULT));
  }

  @Test
  void inAPutOverTheShell() throws Exception {
    // without a shell session, where a write without SFTP streams into "cat"
    droppedDuring(
        false,
        false,
        h -> h.dropOnCommand("set -C; cat >"),
        (c, p) -> c.put("new\n".getBytes(StandardCharsets.UTF_8), p, PutOptions.DEFAULT));
  }

  @ParameterizedTest(name = "drop at {0}")
  @ValueSource(strings = {"printf '", "pagetune-read-back"})
  void inAPutOnTheShellSession(String where) throws Exception {
    byte[] content = new byte[3 * io.pagetune.connection.PrintfContent.CHUNK];
    java.util.Arrays.fill(content, (byte) 'x');
    droppedDuring(
        true, true, h -> h.dropOnCommand(where), (c, p) -> c.put(content, p, PutOptions.DEFAULT));
  }

  @Test
  void inAnSftpGet() throws Exception {
    droppedDuring(true, TestSshHost::dropOnSftpOpen, (c, p) -> c.read(p, Become.NONE));
  }

  @Test
  void inAGetOverTheShell() throws Exception {
    droppedDuring(false, h -> h.dropOnCommand("exec cat --"), (c, p) -> c.read(p, Become.NONE));
  }

  @Test
  void aHostThatStopsAnsweringIsCutSoonAfterTheTimeout() throws Exception {
    TestSshHost host = ssh.start();
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      try (SshConnection c =
          (SshConnection)
              new SshConnectionFactory(ssh.settings())
                  .open(ssh.spec("db1", proxy.port(), java.util.Map.of()))) {
        assertTrue(c.run(RemoteCommand.argv("true"), T).ok());
        proxy.freeze();
        long t0 = System.nanoTime();
        ConnectionException e =
            lost(() -> c.run(RemoteCommand.script("sleep 30"), Duration.ofSeconds(2)));
        long took = Duration.ofNanos(System.nanoTime() - t0).toSeconds();
        // 2 s timeout, then a few seconds of grace for the kill and the liveness question
        assertTrue(took < 15, "cut after " + took + " s");
        // cut at the timeout plus the grace for "are you there?", naming those figures
        assertTrue(
            e.getMessage()
                .contains(
                    "no answer from db1 within 5 s (command timeout 2 s + 3 s grace)"
                        + " while running 'sleep 30'"),
            e.getMessage());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"read", "stat", "put"})
  void aHostFrozenDuringAnSftpOperationIsCutAtTheTaskTimeoutPlusTheGrace(String op)
      throws Exception {
    TestSshHost host = ssh.start();
    Path file = host.workDir().resolve("motd");
    Files.writeString(file, "old\n");
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      try (SshConnection c =
          (SshConnection)
              new SshConnectionFactory(ssh.settings().withShellSession(false))
                  .open(ssh.spec("db1", proxy.port(), java.util.Map.of()))) {
        assertTrue(c.read(file.toString(), Become.NONE).isPresent()); // the SFTP channel is open
        assertTrue(c.usesSftp());
        c.useTaskTimeout(Duration.ofSeconds(3));
        proxy.freeze();
        long t0 = System.nanoTime();
        Executable frozen =
            switch (op) {
              case "read" -> () -> c.read(file.toString(), Become.NONE);
              case "stat" -> () -> c.stat(file.toString(), Become.NONE);
              default ->
                  () ->
                      c.put(
                          "new\n".getBytes(StandardCharsets.UTF_8),
                          file.toString(),
                          PutOptions.DEFAULT);
            };
        ConnectionException e = lost(frozen);
        long took = Duration.ofNanos(System.nanoTime() - t0).toSeconds();
        assertTrue(
            e.getMessage().contains("no answer from db1 within 6 s (task timeout 3 s + 3 s grace)"),
            e.getMessage());
        // a put first looks at the file it replaces
        assertTrue(e.getMessage().contains(op.equals("put") ? "stat" : op), e.getMessage());
        assertFalse(e.getMessage().contains("MILLISECONDS"), e.getMessage());
        // expected about 6 s; sshj's own request timeout alone is 30 s
        assertTrue(took < 25, "cut after " + took + " s");
      }
    }
    assertEquals("old\n", Files.readString(file), "never half-written");
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aChannelThatNeverAnswersTimesOutAndTheConnectionStaysUsable(boolean become)
      throws Exception {
    TestSshHost host = ssh.start();
    host.stallOnCommand("pagetune-stall");
    try (SshConnection c = open(host)) {
      long t0 = System.nanoTime();
      RemoteCommand cmd = RemoteCommand.script("echo pagetune-stall");
      CommandResult r = c.run(become ? cmd : cmd, Duration.ofSeconds(2));
      long took = Duration.ofNanos(System.nanoTime() - t0).toSeconds();
      assertTrue(r.timedOut(), r.toString());
      assertTrue(took < 15, "took " + took + " s");
      assertEquals("ok\n", c.run(RemoteCommand.argv("echo", "ok"), T).stdout());
    }
  }
}
