package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.BecomeRefused;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Become through a fake sudo on the host's PATH: password on stdin, never in the output. */
class SshBecomeTest {
  private static final Duration T = Duration.ofSeconds(20);
  private static final String PASSWORD = "become-s3cret";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private TestSshHost hostWithFakeSudo(boolean nopasswd) throws Exception {
    Path bin = Files.createDirectories(ssh.root().resolve("fake-bin"));
    Path sudo = bin.resolve("sudo");
    Files.copy(SshBecomeTest.class.getResourceAsStream("/connection/ssh/fake-sudo"), sudo);
    Files.setPosixFilePermissions(sudo, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("password"), PASSWORD + "\n");
    if (nopasswd) {
      Files.writeString(bin.resolve("nopasswd"), "");
    }
    return ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
  }

  private SshConnection open(TestSshHost host, String password) {
    SshSettings s =
        ssh.settings().withSecrets(() -> Optional.ofNullable(password), Optional::empty);
    return (SshConnection) new SshConnectionFactory(s).open(ssh.spec("ora1", host));
  }

  @Test
  void becomeSendsThePasswordThenTheCommandsStdin() throws Exception {
    TestSshHost host = hostWithFakeSudo(false);
    try (SshConnection c = open(host, PASSWORD)) {
      CommandResult r =
          c.run(
              RemoteCommand.script("echo \"$FAKE_SUDO_USER\"; cat")
                  .withBecome(Become.as("oracle"))
                  .withStdin("payload\n"),
              T);
      assertTrue(r.ok(), r.toString());
      assertEquals("oracle\npayload\n", r.stdout());
      assertFalse(r.stdout().contains(PASSWORD));
      assertFalse(r.stderr().contains(PASSWORD));
    }
  }

  @Test
  void aHostsOwnBecomePasswordWinsOverTheRunWideOne() throws Exception {
    TestSshHost host = hostWithFakeSudo(false);
    SshSettings s = ssh.settings().withSecrets(() -> Optional.of("run-wide"), Optional::empty);
    try (SshConnection c =
        (SshConnection)
            new SshConnectionFactory(s)
                .open(
                    ssh.spec(
                        "ora1", host, java.util.Map.of("ansible_become_password", PASSWORD)))) {
      assertTrue(c.run(RemoteCommand.argv("true").withBecome(Become.as("root")), T).ok());
    }
  }

  @Test
  void wrongBecomePasswordFailsTheHostInOneLineWithWhatSudoSaid() throws Exception {
    TestSshHost host = hostWithFakeSudo(false);
    try (SshConnection c = open(host, "not-it")) {
      BecomeRefused e =
          assertThrows(
              BecomeRefused.class,
              () -> c.run(RemoteCommand.argv("id").withBecome(Become.as("root")), T));
      assertEquals(
          "ora1: sudo to root refused: Sorry, try again. sudo: 1 incorrect password attempt",
          e.getMessage());
    }
  }

  @Test
  void withoutPasswordNeededThePasswordNeverReachesTheCommand() throws Exception {
    TestSshHost host = hostWithFakeSudo(true);
    try (SshConnection c = open(host, PASSWORD)) {
      CommandResult r =
          c.run(RemoteCommand.argv("cat").withBecome(Become.as("root")).withStdin("only this"), T);
      assertEquals("only this", r.stdout());
    }
  }

  @Test
  void becomeReadStatAndPutGoThroughSudo() throws Exception {
    TestSshHost host = hostWithFakeSudo(false);
    Path target = host.workDir().resolve("limits.conf");
    Files.writeString(target, "old\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
    Become root = Become.as("root");
    try (SshConnection c = open(host, PASSWORD)) {
      byte[] content = "oracle soft memlock unlimited\n".getBytes(StandardCharsets.UTF_8);
      c.put(content, target.toString(), PutOptions.DEFAULT.withBecome(root));
      assertArrayEquals(content, Files.readAllBytes(target));
      assertEquals(
          "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
      assertArrayEquals(content, c.read(target.toString(), root).orElseThrow());
      assertEquals(0640, c.stat(target.toString(), root).orElseThrow().mode());
      assertTrue(c.read(target + ".missing", root).isEmpty());

      // a non-root become user gets the content streamed through sudo
      c.put(
          "second\n".getBytes(StandardCharsets.UTF_8),
          target.toString(),
          PutOptions.DEFAULT.withBecome(Become.as("oracle")));
      assertEquals("second\n", Files.readString(target));
      assertEquals(
          "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
      try (var left = Files.list(target.getParent())) {
        assertEquals(java.util.List.of(target), left.toList());
      }
      try (var staged = Files.list(Path.of("/tmp"))) {
        assertTrue(
            staged.noneMatch(p -> p.getFileName().toString().startsWith(".limits.conf.pagetune-")),
            "staging file left in /tmp");
      }
      assertTrue(c.stat(target + ".missing", root).isEmpty());
    }
  }

  @Test
  void timeoutUnderBecomeKillsTheCommand() throws Exception {
    TestSshHost host = hostWithFakeSudo(false);
    String marker = "600." + System.nanoTime() % 1_000_000;
    try (SshConnection c = open(host, PASSWORD)) {
      CommandResult r =
          c.run(
              RemoteCommand.script("sleep " + marker).withBecome(Become.as("root")),
              Duration.ofSeconds(2));
      assertTrue(r.timedOut());
      assertEquals("", SshConnectionTest.pgrep("sleep " + marker));
    }
  }
}
