package io.pagetune.connection.ssh.hostkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hierynomus.sshj.userauth.certificate.Certificate;
import io.pagetune.testing.TestKeys;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import net.schmizz.sshj.common.Buffer;
import org.apache.sshd.certificate.OpenSshCertificateBuilder;
import org.apache.sshd.common.config.keys.OpenSshCertificate;
import org.apache.sshd.common.config.keys.OpenSshCertificateImpl;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.Test;

/** Certificates made by MINA's builder, read back by sshj the way the transport reads them. */
class HostCertificateCheckTest {
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
  private final KeyPair ca = TestKeys.ed25519();
  private final KeyPair host = TestKeys.ed25519();
  private final HostCertificateCheck check =
      new HostCertificateCheck(Clock.fixed(NOW, ZoneOffset.UTC));

  private OpenSshCertificateBuilder valid(OpenSshCertificateBuilder b) {
    return b.publicKey(host.getPublic())
        .id("cert")
        .serial(7)
        .principals(List.of("*.example.com", "db1"))
        .validAfter(NOW.minus(Duration.ofHours(1)))
        .validBefore(NOW.plus(Duration.ofHours(1)));
  }

  private static Certificate<?> asSshj(OpenSshCertificate cert) throws Exception {
    String[] text = PublicKeyEntry.toString(cert).split(" ");
    return (Certificate<?>)
        new Buffer.PlainBuffer(Base64.getDecoder().decode(text[1])).readPublicKey();
  }

  private Optional<String> problem(OpenSshCertificate cert, String name) throws Exception {
    return check.problem(asSshj(cert), name);
  }

  @Test
  void aValidHostCertificatePassesForEachPrincipalPattern() throws Exception {
    OpenSshCertificate cert = valid(OpenSshCertificateBuilder.hostCertificate()).sign(ca);
    assertEquals(Optional.empty(), problem(cert, "db1"));
    assertEquals(Optional.empty(), problem(cert, "WEB7.example.com"));
    assertEquals(
        Optional.of("'db2' is not among its principals *.example.com, db1"), problem(cert, "db2"));
  }

  @Test
  void theInjectedClockDecidesTheValidityWindow() throws Exception {
    OpenSshCertificate early =
        valid(OpenSshCertificateBuilder.hostCertificate()).validAfter(NOW.plusSeconds(1)).sign(ca);
    assertEquals(
        Optional.of("it is not valid before " + NOW.plusSeconds(1)), problem(early, "db1"));
    OpenSshCertificate late =
        valid(OpenSshCertificateBuilder.hostCertificate()).validBefore(NOW).sign(ca);
    assertEquals(Optional.of("it expired at " + NOW), problem(late, "db1"));
  }

  @Test
  void userCertificatesAndCertificatesWithoutPrincipalsAreNotHostCertificates() throws Exception {
    OpenSshCertificate user = valid(OpenSshCertificateBuilder.userCertificate()).sign(ca);
    assertEquals(
        Optional.of("it is a user certificate, not a host certificate"), problem(user, "db1"));
    OpenSshCertificate nobody =
        valid(OpenSshCertificateBuilder.hostCertificate()).principals(List.of()).sign(ca);
    assertEquals(Optional.of("it lists no principals"), problem(nobody, "db1"));
  }

  @Test
  void aChangedFieldBreaksTheSignature() throws Exception {
    OpenSshCertificateImpl cert =
        (OpenSshCertificateImpl) valid(OpenSshCertificateBuilder.hostCertificate()).sign(ca);
    cert.setPrincipals(List.of("db1", "evil.example.org")); // after signing
    assertEquals(Optional.of("its CA signature does not verify"), problem(cert, "db1"));
  }
}
