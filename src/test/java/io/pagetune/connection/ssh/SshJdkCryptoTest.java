package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.crypto.JdkAlgorithms;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * pagetune's JDK-backed key exchange and AES-GCM are what a session negotiates with a server that
 * offers them (MINA SSHD offers everything), and sshj's own algorithms still serve one that does
 * not.
 */
class SshJdkCryptoTest {
  private static final Duration T = Duration.ofSeconds(20);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  /** A command, then 300 KB through SFTP and back: many packets, each with its own GCM nonce. */
  static void runsACommandAndMovesAFile(SshConnection c, Path dir) throws Exception {
    CommandResult r = c.run(RemoteCommand.script("printf 'over %s' aes-gcm; exit 3"), T);
    assertEquals("over aes-gcm", r.stdout());
    assertEquals(3, r.exitCode());
    byte[] data = new byte[300_000];
    new Random(24).nextBytes(data);
    Path target = Files.createDirectories(dir).resolve("moved.bin");
    c.put(data, target.toString(), new PutOptions(0640, null, null, Become.NONE));
    assertArrayEquals(data, Files.readAllBytes(target));
    assertArrayEquals(data, c.read(target.toString(), Become.NONE).orElseThrow());
    assertTrue(c.usesSftp());
  }

  /** AES-GCM where this JVM compiles the JDK's AES intrinsics (C2, the tests' default). */
  static String expectedCipher() {
    return JdkAlgorithms.aesIntrinsicsCompiled()
        ? "aes128-gcm@openssh.com"
        : "chacha20-poly1305@openssh.com";
  }

  @Test
  void negotiatesCurve25519AndAesGcmThroughPagetunesFactories() throws Exception {
    TestSshHost host = ssh.start();
    try (SshConnection c =
        (SshConnection) new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      SshAlgorithms a = c.algorithms();
      assertEquals("curve25519-sha256", a.kex());
      assertEquals(expectedCipher(), a.cipher());
      assertEquals("ssh-ed25519", a.hostKey());
      runsACommandAndMovesAFile(c, host.workDir().resolve("gcm"));
    }
  }

  @Test
  void theLibsshNameAndAes256AreServedToo() throws Exception {
    TestSshHost host = ssh.start();
    host.offerOnly("curve25519-sha256@libssh.org", "aes256-gcm@openssh.com");
    try (SshConnection c =
        (SshConnection) new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      assertEquals("curve25519-sha256@libssh.org", c.algorithms().kex());
      assertEquals("aes256-gcm@openssh.com", c.algorithms().cipher());
      runsACommandAndMovesAFile(c, host.workDir().resolve("gcm256"));
    }
  }

  @Test
  void aServerWithoutThemGetsSshjsAlgorithms() throws Exception {
    TestSshHost host = ssh.start();
    host.offerOnly("ecdh-sha2-nistp256", "aes128-ctr");
    try (SshConnection c =
        (SshConnection) new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      assertEquals("ecdh-sha2-nistp256", c.algorithms().kex());
      assertEquals("aes128-ctr", c.algorithms().cipher());
      runsACommandAndMovesAFile(c, host.workDir().resolve("ctr"));
    }
  }

  @Test
  void anUnknownHostKeyIsStillRefusedAfterTheExchange() {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    ConnectionException e =
        assertThrows(
            ConnectionException.class,
            () -> new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host)));
    assertTrue(e.getMessage().contains("is unknown: ssh-ed25519 SHA256:"), e.getMessage());
  }
}
