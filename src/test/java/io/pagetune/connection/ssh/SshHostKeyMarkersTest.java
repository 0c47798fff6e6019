package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import io.pagetune.connection.ssh.hostkeys.HostKeyFingerprint;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestKeys;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.sshd.certificate.OpenSshCertificateBuilder;
import org.apache.sshd.common.config.keys.OpenSshCertificateImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code @revoked} and {@code @cert-authority} known_hosts lines against real MINA SSHD hosts. */
class SshHostKeyMarkersTest {
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private void connects(SshSettings settings, TestSshHost host) {
    try (Connection c = new SshConnectionFactory(settings, CLOCK).open(ssh.spec("web1", host))) {
      assertTrue(c.run(RemoteCommand.argv("true"), Duration.ofSeconds(10)).ok());
    }
  }

  private ConnectionException refused(SshSettings settings, TestSshHost host) {
    ConnectionException e =
        assertThrows(
            ConnectionException.class,
            () -> new SshConnectionFactory(settings, CLOCK).open(ssh.spec("web1", host)).close());
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e;
  }

  private static String keyText(PublicKey key) {
    return TestKeys.publicLine(new KeyPair(key, null));
  }

  private static String fingerprint(PublicKey key) {
    return HostKeyFingerprint.of(key).toString();
  }

  private static String hashed(String name) throws Exception {
    byte[] salt = new byte[20];
    new SecureRandom().nextBytes(salt);
    Mac mac = Mac.getInstance("HmacSHA1");
    mac.init(new SecretKeySpec(salt, "HmacSHA1"));
    byte[] hash = mac.doFinal(name.getBytes(StandardCharsets.US_ASCII));
    Base64.Encoder b64 = Base64.getEncoder();
    return "|1|" + b64.encodeToString(salt) + "|" + b64.encodeToString(hash);
  }

  private static String portName(TestSshHost host) {
    return "[127.0.0.1]:" + host.port();
  }

  // ---- @revoked -----------------------------------------------------------------------------

  @ParameterizedTest
  @EnumSource(HostKeyChecking.class)
  void revokedKeyIsRefusedInEveryModeEvenWhenAnotherLineAcceptsIt(HostKeyChecking mode)
      throws Exception {
    TestSshHost host = ssh.start(); // known_hosts line 1 accepts the key
    ssh.appendKnownHost("@revoked * " + keyText(host.hostKey()));
    String before = Files.readString(ssh.knownHosts());
    ConnectionException e = refused(ssh.settings().withHostKeyChecking(mode), host);
    assertEquals(
        "host key of web1 ("
            + portName(host)
            + ") is REVOKED: "
            + fingerprint(host.hostKey())
            + " is marked @revoked in "
            + ssh.knownHosts().toAbsolutePath().normalize()
            + ":2",
        e.getMessage());
    assertEquals(before, Files.readString(ssh.knownHosts()), "nothing is learned");
  }

  @Test
  void revokedLinesWithHashedAndPortQualifiedNamesAreHonoured() throws Exception {
    TestSshHost hashedHost = ssh.start();
    ssh.appendKnownHost(
        "@revoked " + hashed(portName(hashedHost)) + " " + keyText(hashedHost.hostKey()));
    assertTrue(refused(ssh.settings(), hashedHost).getMessage().contains("is REVOKED"));

    TestSshHost portHost = ssh.start();
    ssh.appendKnownHost("@revoked " + portName(portHost) + " " + keyText(portHost.hostKey()));
    assertTrue(refused(ssh.settings(), portHost).getMessage().contains("is REVOKED"));

    // a revoked key is compromised whichever host a line names
    TestSshHost elsewhere = ssh.start();
    ssh.appendKnownHost("@revoked db9.example.com " + keyText(elsewhere.hostKey()));
    assertTrue(refused(ssh.settings(), elsewhere).getMessage().contains("is REVOKED"));
  }

  @Test
  void acceptNewNeverLearnsARevokedKey() throws Exception {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    ssh.appendKnownHost("@revoked " + portName(host) + " " + keyText(host.hostKey()));
    String before = Files.readString(ssh.knownHosts());
    ConnectionException e =
        refused(ssh.settings().withHostKeyChecking(HostKeyChecking.ACCEPT_NEW), host);
    assertTrue(e.getMessage().contains("REVOKED: " + fingerprint(host.hostKey())), e.getMessage());
    assertEquals(before, Files.readString(ssh.knownHosts()));
  }

  @Test
  void aRevokedKeyOfAnotherHostDoesNotHarmThisOne() throws Exception {
    TestSshHost host = ssh.start();
    ssh.appendKnownHost("@revoked * " + TestKeys.publicLine(TestKeys.ed25519()));
    connects(ssh.settings(), host);
  }

  // ---- @cert-authority ----------------------------------------------------------------------

  private static OpenSshCertificateBuilder hostCert(TestSshHost host) {
    return OpenSshCertificateBuilder.hostCertificate()
        .publicKey(host == null ? null : host.hostKey())
        .serial(42)
        .id("web1-host-cert")
        .principals(List.of("web1.example.com", "127.0.0.1"))
        .validAfter(NOW.minus(Duration.ofDays(30)))
        .validBefore(NOW.plus(Duration.ofDays(30)));
  }

  private TestSshHost certifiedHost() {
    return ssh.startUnknown(TestSshHost.Options.defaults());
  }

  private TestSshHost hostWithCert(KeyPair ca, OpenSshCertificateBuilder cert) throws Exception {
    TestSshHost host = certifiedHost();
    host.presentCertificate(cert.publicKey(host.hostKey()).sign(ca));
    return host;
  }

  @Test
  void certificateSignedByATrustedCaIsAccepted() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    TestSshHost host = certifiedHost();
    host.presentCertificate(hostCert(host).sign(ca));
    ssh.appendKnownHost("@cert-authority " + portName(host) + " " + keyText(ca.getPublic()));
    String before = Files.readString(ssh.knownHosts());
    connects(ssh.settings(), host);
    connects(ssh.settings().withHostKeyChecking(HostKeyChecking.ACCEPT_NEW), host);
    assertEquals(before, Files.readString(ssh.knownHosts()), "a certified host adds no line");
  }

  @Test
  void certificateAuthorityLinesTakeHashedAndWildcardNames() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    TestSshHost hashedHost = certifiedHost();
    hashedHost.presentCertificate(hostCert(hashedHost).sign(ca));
    Files.writeString(
        ssh.knownHosts(),
        "@cert-authority " + hashed(portName(hashedHost)) + " " + keyText(ca.getPublic()) + "\n");
    connects(ssh.settings(), hashedHost);

    TestSshHost wildHost = certifiedHost();
    wildHost.presentCertificate(hostCert(wildHost).sign(ca));
    Files.writeString(
        ssh.knownHosts(), "@cert-authority [127.0.0.*]:* " + keyText(ca.getPublic()) + "\n");
    connects(ssh.settings(), wildHost);

    // a negated name excludes the host from the CA's trust
    Files.writeString(
        ssh.knownHosts(),
        "@cert-authority [127.0.0.*]:*,!"
            + portName(wildHost)
            + " "
            + keyText(ca.getPublic())
            + "\n");
    ConnectionException e = refused(ssh.settings(), wildHost);
    assertTrue(e.getMessage().contains("which no @cert-authority line trusts"), e.getMessage());
  }

  @Test
  void invalidCertificatesFromATrustedCaAreRefusedWithTheReason() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    String caLine = "@cert-authority * " + keyText(ca.getPublic());
    ssh.appendKnownHost(caLine);

    TestSshHost expired =
        hostWithCert(
            ca,
            hostCert(null)
                .validAfter(NOW.minus(Duration.ofDays(60)))
                .validBefore(NOW.minus(Duration.ofDays(1))));
    ConnectionException e = refused(ssh.settings(), expired);
    assertTrue(
        e.getMessage()
            .startsWith(
                "host certificate of web1 ("
                    + portName(expired)
                    + ") for "
                    + fingerprint(expired.hostKey())
                    + " is not valid: it expired at "
                    + NOW.minus(Duration.ofDays(1))),
        e.getMessage());
    assertTrue(e.getMessage().contains("(CA " + fingerprint(ca.getPublic())), e.getMessage());

    TestSshHost early = hostWithCert(ca, hostCert(null).validAfter(NOW.plus(Duration.ofDays(1))));
    assertTrue(
        refused(ssh.settings(), early).getMessage().contains("it is not valid before"),
        "validity is judged by the injected clock");

    TestSshHost otherName = hostWithCert(ca, hostCert(null).principals(List.of("db1.example.com")));
    assertTrue(
        refused(ssh.settings(), otherName)
            .getMessage()
            .contains("'127.0.0.1' is not among its principals db1.example.com"));
  }

  @Test
  void aCertificateClaimingATrustedCaWithoutItsSignatureIsRefused() throws Exception {
    KeyPair trusted = TestKeys.ed25519();
    KeyPair forger = TestKeys.ed25519();
    ssh.appendKnownHost("@cert-authority * " + keyText(trusted.getPublic()));
    TestSshHost host = certifiedHost();
    OpenSshCertificateImpl forged = (OpenSshCertificateImpl) hostCert(host).sign(forger);
    forged.setCaPubKey(trusted.getPublic()); // names the trusted CA, signed by another key
    host.presentCertificate(forged);
    ConnectionException e = refused(ssh.settings(), host);
    assertTrue(e.getMessage().contains("its CA signature does not verify"), e.getMessage());
  }

  @Test
  void aCertificateFromAnUntrustedCaFallsBackToThePlainKey() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    TestSshHost host = certifiedHost();
    host.presentCertificate(hostCert(host).sign(ca));
    ssh.appendKnownHost("@cert-authority db*.example.com " + keyText(ca.getPublic()));
    ConnectionException e = refused(ssh.settings(), host);
    assertTrue(
        e.getMessage().contains("is unknown: " + fingerprint(host.hostKey())), e.getMessage());
    assertTrue(
        e.getMessage().contains("its certificate is signed by CA " + fingerprint(ca.getPublic())),
        e.getMessage());
    // the plain key on a plain line is still enough, as with OpenSSH
    ssh.appendKnownHost(host.knownHostsLine());
    connects(ssh.settings(), host);
  }

  @Test
  void aPlainKeyIsNeverAcceptedByACertAuthorityLine() throws Exception {
    TestSshHost host = certifiedHost();
    // the host's own key listed as a CA: that trusts certificates it signs, not the key itself
    ssh.appendKnownHost("@cert-authority " + portName(host) + " " + keyText(host.hostKey()));
    ConnectionException e = refused(ssh.settings(), host);
    assertTrue(e.getMessage().contains("is unknown"), e.getMessage());
    assertTrue(
        e.getMessage().contains("the server offered a plain key, not a certificate"),
        e.getMessage());
  }

  @Test
  void aRevokedCaOrARevokedCertifiedKeyIsRefused() throws Exception {
    KeyPair ca = TestKeys.ed25519();
    TestSshHost host = certifiedHost();
    host.presentCertificate(hostCert(host).sign(ca));
    ssh.appendKnownHost("@cert-authority * " + keyText(ca.getPublic()));
    ssh.appendKnownHost("@revoked * " + keyText(ca.getPublic()));
    ConnectionException e = refused(ssh.settings(), host);
    assertTrue(
        e.getMessage().contains("is signed by a REVOKED CA: " + fingerprint(ca.getPublic())),
        e.getMessage());

    Files.writeString(
        ssh.knownHosts(),
        "@cert-authority * "
            + keyText(ca.getPublic())
            + "\n@revoked * "
            + keyText(host.hostKey())
            + "\n");
    for (HostKeyChecking mode : HostKeyChecking.values()) {
      ConnectionException r = refused(ssh.settings().withHostKeyChecking(mode), host);
      assertTrue(
          r.getMessage().contains("is REVOKED: " + fingerprint(host.hostKey())),
          mode + ": " + r.getMessage());
    }
  }
}
