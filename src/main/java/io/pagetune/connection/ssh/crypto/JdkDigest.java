package io.pagetune.connection.ssh.crypto;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.digest.Digest;

/**
 * The exchange hash and key derivation's digest on the JDK's {@code SUN} provider. sshj reads
 * {@link #getBlockSize()} as the digest's output length.
 */
final class JdkDigest implements Digest {
  private final String algorithm;
  private final int length;
  private MessageDigest md;

  JdkDigest(String algorithm, int length) {
    this.algorithm = algorithm;
    this.length = length;
  }

  static JdkDigest sha256() {
    return new JdkDigest("SHA-256", 32);
  }

  @Override
  public void init() {
    try {
      md = JdkProviders.digest(algorithm);
    } catch (GeneralSecurityException e) {
      throw new SSHRuntimeException(e);
    }
  }

  @Override
  public void update(byte[] data) {
    md.update(data);
  }

  @Override
  public void update(byte[] data, int start, int len) {
    md.update(data, start, len);
  }

  @Override
  public byte[] digest() {
    return md.digest();
  }

  @Override
  public int getBlockSize() {
    return length;
  }

  /** The provider that computes this digest, once initialised. */
  String provider() {
    return md.getProvider().getName();
  }
}
