package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.BecomeRefused;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.testing.OpenSshFixture;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.SystemTestUser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The same behaviour against Debian's OpenSSH sshd (run with -Pinterop). */
@Tag("interop")
class OpenSshInteropTest {
  private static final Duration T = Duration.ofSeconds(20);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @BeforeEach
  void needsSshd() {
    Assumptions.assumeTrue(OpenSshFixture.available(), "openssh-server is not installed");
  }

  private OpenSshFixture sshd(boolean sftp) throws Exception {
    return ssh.startOpenSsh("sshd-" + sftp, sftp);
  }

  private SshConnection open(OpenSshFixture f, SshSettings settings, Map<String, Object> extra) {
    return ssh.connect(settings, "linux1", f.port(), extra);
  }

  @Test
  void keyAuthWithStrictHostKeys() throws Exception {
    try (OpenSshFixture f = sshd(true);
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      CommandResult r = c.run(RemoteCommand.argv("id", "-un"), T);
      assertEquals(ssh.user() + "\n", r.stdout());
      CommandResult fail = c.run(RemoteCommand.script("echo e >&2; exit 4"), T);
      assertEquals(4, fail.exitCode());
      assertEquals("e\n", fail.stderr());
      CommandResult killed = c.run(RemoteCommand.script("kill -TERM $$"), T);
      assertEquals(-1, killed.exitCode());
      assertTrue(killed.stderr().contains("terminated by signal TERM"), killed.stderr());
    }
  }

  @Test
  void negotiatesCurve25519AndAesGcmThroughPagetunesFactories() throws Exception {
    try (OpenSshFixture f = sshd(true);
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      SshAlgorithms a = c.algorithms();
      assertEquals("curve25519-sha256", a.kex());
      assertEquals(SshJdkCryptoTest.expectedCipher(), a.cipher());
      SshJdkCryptoTest.runsACommandAndMovesAFile(c, ssh.root().resolve("gcm"));
    }
  }

  @Test
  void unknownHostKeyIsRefusedUnderStrict() throws Exception {
    Path dir = Files.createDirectories(ssh.root().resolve("sshd-unknown"));
    try (OpenSshFixture f = OpenSshFixture.start(dir, true, ssh.clientPair())) {
      ConnectionException e =
          assertThrows(ConnectionException.class, () -> open(f, ssh.settings(), Map.of()));
      assertTrue(e.getMessage().contains("is unknown: ssh-ed25519 SHA256:"), e.getMessage());
    }
  }

  @ParameterizedTest(name = "sftp={0}")
  @ValueSource(booleans = {true, false})
  void filesRoundTripWithAndWithoutSftp(boolean sftp) throws Exception {
    Path target = Files.createDirectories(ssh.root().resolve("files-" + sftp)).resolve("conf");
    byte[] data = new byte[100_000];
    new Random(3).nextBytes(data);
    try (OpenSshFixture f = sshd(sftp);
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      assertTrue(c.read(target.toString(), Become.NONE).isEmpty());
      c.put(data, target.toString(), new PutOptions(0600, null, null, Become.NONE));
      assertArrayEquals(data, Files.readAllBytes(target));
      assertArrayEquals(data, c.read(target.toString(), Become.NONE).orElseThrow());
      FileMeta m = c.stat(target.toString(), Become.NONE).orElseThrow();
      assertEquals(0600, m.mode());
      assertEquals(data.length, m.size());
      assertEquals(ssh.user(), m.owner());
      assertEquals(sftp, c.usesSftp());
    }
  }

  /**
   * OpenSSH's sftp-server names the owner and group of a stat (its users-groups-by-id@openssh.com
   * request, in OpenSSH's PROTOCOL file): no script runs on the host, and an id the host does not
   * know stays numeric.
   */
  @Test
  void ownerAndGroupNamesComeFromTheSftpServerWithoutAShellCommand() throws Exception {
    Path dir = Files.createDirectories(ssh.root().resolve("id-names"));
    Path mine = Files.writeString(dir.resolve("mine"), "x");
    Path unknown = Files.writeString(dir.resolve("unknown"), "x");
    boolean root = "root".equals(System.getProperty("user.name"));
    if (root) {
      Files.setAttribute(unknown, "unix:uid", 1_999_999_997);
      Files.setAttribute(unknown, "unix:gid", 1_999_999_996);
    }
    String group =
        Files.readAttributes(mine, java.nio.file.attribute.PosixFileAttributes.class)
            .group()
            .getName();
    try (OpenSshFixture f = sshd(true);
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      int before = c.sessionCommands();
      FileMeta m = c.stat(mine.toString(), Become.NONE).orElseThrow();
      assertEquals(ssh.user(), m.owner());
      assertEquals(group, m.group());
      if (root) {
        FileMeta u = c.stat(unknown.toString(), Become.NONE).orElseThrow();
        assertEquals("1999999997", u.owner());
        assertEquals("1999999996", u.group());
      }
      assertEquals(before, c.sessionCommands(), "a shell command ran for the names");
      assertTrue(c.usesSftp());
    }
  }

  @Test
  void timeoutKillsTheRemoteCommand() throws Exception {
    String marker = "600." + System.nanoTime() % 1_000_000;
    try (OpenSshFixture f = sshd(true);
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      CommandResult r = c.run(RemoteCommand.script("sleep " + marker), Duration.ofSeconds(2));
      assertTrue(r.timedOut());
      assertEquals("", SshConnectionTest.pgrep("sleep " + marker));
      assertTrue(c.run(RemoteCommand.argv("true"), T).ok());
    }
  }

  @Test
  void serverKilledMidCommandIsAConnectionException() throws Exception {
    try (OpenSshFixture f = sshd(true);
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      Thread killer =
          new Thread(
              () -> {
                try {
                  Thread.sleep(700);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                f.kill();
              });
      killer.start();
      assertThrows(ConnectionException.class, () -> c.run(RemoteCommand.script("sleep 10"), T));
      killer.join();
    }
  }

  @Test
  void becomeWithRealSudoAndAPassword() throws Exception {
    Assumptions.assumeTrue(SystemTestUser.canCreate(), "needs root to create a sudo test user");
    String password = "Pt-" + Long.toHexString(new Random().nextLong());
    // sshd reads authorized_keys as the test user: it must reach the fixture's directory
    Files.setPosixFilePermissions(ssh.root(), PosixFilePermissions.fromString("rwxr-xr-x"));
    try (SystemTestUser user = SystemTestUser.create("pagetune-it", password);
        OpenSshFixture f = sshd(true)) {
      Map<String, Object> as = Map.of("ansible_user", user.name());
      SshSettings right = ssh.settings().withSecrets(() -> Optional.of(password), Optional::empty);
      try (SshConnection c = open(f, right, as)) {
        assertEquals(user.name() + "\n", c.run(RemoteCommand.argv("id", "-un"), T).stdout());
        CommandResult root =
            c.run(
                RemoteCommand.script("id -un; cat").withBecome(Become.as("root")).withStdin("in\n"),
                T);
        assertTrue(root.ok(), root.toString());
        assertEquals("root\nin\n", root.stdout());
        assertFalse(root.stderr().contains(password));

        Path target = Files.createDirectories(ssh.root().resolve("etc")).resolve("owned-by-root");
        Files.setPosixFilePermissions(
            target.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
        c.put(
            "vm.nr_hugepages = 512\n".getBytes(StandardCharsets.UTF_8),
            target.toString(),
            new PutOptions(0644, "root", "root", Become.NONE).withBecome(Become.as("root")));
        assertEquals("vm.nr_hugepages = 512\n", Files.readString(target));
        FileMeta m = c.stat(target.toString(), Become.as("root")).orElseThrow();
        assertEquals("root", m.owner());
        assertEquals(0644, m.mode());

        CommandResult timedOut =
            c.run(
                RemoteCommand.script("sleep 601.5").withBecome(Become.as("root")),
                Duration.ofSeconds(2));
        assertTrue(timedOut.timedOut());
        assertEquals("", SshConnectionTest.pgrep("sleep 601.5"));
      }
      SshSettings wrong = ssh.settings().withSecrets(() -> Optional.of("nope"), Optional::empty);
      try (SshConnection c = open(f, wrong, as)) {
        BecomeRefused e =
            assertThrows(
                BecomeRefused.class,
                () -> c.run(RemoteCommand.argv("id").withBecome(Become.as("root")), T));
        assertTrue(
            e.getMessage().startsWith("linux1: sudo to root refused: Sorry, try again."),
            e.getMessage());
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("nope"));
      }
    }
  }
}
