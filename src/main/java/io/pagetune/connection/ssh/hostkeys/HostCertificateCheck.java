package io.pagetune.connection.ssh.hostkeys;

import com.hierynomus.sshj.userauth.certificate.Certificate;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.KeyType;
import net.schmizz.sshj.signature.Signature;

/**
 * Decides whether an OpenSSH host certificate, already known to be signed by a CA trusted for the
 * host, is valid: a host (not user) certificate, the host name among its principals, the clock
 * within its validity window, and the CA's signature correct over the certificate's bytes. The
 * transport's own check is turned off so that this one, with the injected clock, is the only one.
 */
final class HostCertificateCheck {
  /** The certificate type of host certificates (PROTOCOL.certkeys). */
  private static final long HOST_CERT = 2;

  private final Clock clock;

  HostCertificateCheck(Clock clock) {
    this.clock = clock;
  }

  /** Why the certificate is not valid for {@code host}, or empty when it is. */
  Optional<String> problem(Certificate<?> cert, String host) {
    if (cert.getType() != HOST_CERT) {
      return Optional.of("it is a user certificate, not a host certificate");
    }
    List<String> principals = cert.getValidPrincipals();
    if (principals == null || principals.isEmpty()) {
      return Optional.of("it lists no principals");
    }
    String name = host.toLowerCase(Locale.ROOT);
    if (principals.stream()
        .noneMatch(p -> HostPatterns.wildcard(p.toLowerCase(Locale.ROOT), name))) {
      return Optional.of(
          "'" + host + "' is not among its principals " + String.join(", ", principals));
    }
    Instant now = clock.instant();
    Instant after = cert.getValidAfter().toInstant();
    Instant before = cert.getValidBefore().toInstant();
    if (now.isBefore(after)) {
      return Optional.of("it is not valid before " + after);
    }
    if (!now.isBefore(before)) {
      return Optional.of("it expired at " + before);
    }
    if (!signatureIsValid(cert)) {
      return Optional.of("its CA signature does not verify");
    }
    return Optional.empty();
  }

  /** The signature covers the certificate's encoding up to, not including, the signature. */
  private static boolean signatureIsValid(Certificate<?> cert) {
    try {
      byte[] encoded = new Buffer.PlainBuffer().putPublicKey(cert).getCompactData();
      byte[] sig = cert.getSignature();
      int signedLength = encoded.length - 4 - sig.length;
      if (signedLength <= 0
          || !Arrays.equals(Arrays.copyOfRange(encoded, signedLength + 4, encoded.length), sig)) {
        return false;
      }
      String algorithm = new Buffer.PlainBuffer(sig).readString();
      PublicKey ca = new Buffer.PlainBuffer(cert.getSignatureKey()).readPublicKey();
      Signature verifier = Factory.Named.Util.create(KeyType.CertUtils.ALL_SIGNATURES, algorithm);
      if (verifier == null) {
        return false;
      }
      verifier.initVerify(ca);
      verifier.update(encoded, 0, signedLength);
      return verifier.verify(sig);
    } catch (Buffer.BufferException | RuntimeException e) {
      return false; // a certificate we cannot decode is not a valid one
    }
  }
}
