package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.ConnectionException;
import io.pagetune.testing.OpenSshFixture;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Host certificates made by ssh-keygen and presented by Debian's OpenSSH sshd. */
@Tag("interop")
class OpenSshHostCertificateInteropTest {
  private static final Path SSH_KEYGEN = Path.of("/usr/bin/ssh-keygen");

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @BeforeEach
  void needsOpenSsh() {
    Assumptions.assumeTrue(
        OpenSshFixture.available() && Files.isExecutable(SSH_KEYGEN),
        "openssh-server is not installed");
  }

  /** Starts sshd with its host key signed by {@code ca} for {@code principals}. */
  private OpenSshFixture certified(KeyPair ca, String principals) throws Exception {
    Path dir = Files.createDirectories(ssh.root().resolve("sshd-" + System.nanoTime()));
    Path caKey = TestKeys.write(ca, dir.resolve("host_ca"), null);
    return OpenSshFixture.start(
        dir,
        true,
        pub -> {
          run(
              SSH_KEYGEN.toString(),
              "-q",
              "-s",
              caKey.toString(),
              "-I",
              "pagetune-interop",
              "-h",
              "-n",
              principals,
              "-V",
              "-1d:+1d",
              pub.toString());
          String name = pub.getFileName().toString().replace(".pub", "-cert.pub");
          return pub.resolveSibling(name);
        },
        ssh.clientPair());
  }

  private static void run(String... argv) {
    try {
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", argv) + " failed: " + out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private SshConnection open(OpenSshFixture f) {
    return (SshConnection)
        new SshConnectionFactory(ssh.settings()).open(ssh.spec("linux1", f.port(), Map.of()));
  }

  @Test
  void aCertificateFromATrustedCaIsAcceptedWithoutAPlainEntry() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    ssh.appendKnownHost("@cert-authority [127.0.0.1]:* " + TestKeys.publicLine(ca));
    try (OpenSshFixture f = certified(ca, "127.0.0.1,linux1.example.com");
        SshConnection c = open(f)) {
      // the handshake accepted the certificate and the login went through
      assertEquals(ssh.user() + "@127.0.0.1:" + f.port(), c.endpoint());
    }
  }

  @Test
  void aCertificateForAnotherHostNameIsRefused() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    ssh.appendKnownHost("@cert-authority * " + TestKeys.publicLine(ca));
    try (OpenSshFixture f = certified(ca, "db9.example.com")) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> open(f).close());
      assertTrue(
          e.getMessage().contains("'127.0.0.1' is not among its principals db9.example.com"),
          e.getMessage());
    }
  }

  @Test
  void aRevokedCaIsRefused() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    ssh.appendKnownHost("@cert-authority * " + TestKeys.publicLine(ca));
    ssh.appendKnownHost("@revoked * " + TestKeys.publicLine(ca));
    try (OpenSshFixture f = certified(ca, "127.0.0.1")) {
      ConnectionException e = assertThrows(ConnectionException.class, () -> open(f).close());
      assertTrue(e.getMessage().contains("signed by a REVOKED CA"), e.getMessage());
    }
  }
}
