package io.pagetune.connection.ssh.crypto;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;
import javax.crypto.KeyAgreement;

/**
 * One side of an X25519 agreement (RFC 7748) on the JDK's {@code SunEC} provider, with keys in the
 * SSH wire form: the 32-byte little-endian u-coordinate (RFC 8731).
 */
final class X25519Agreement {
  static final int KEY_BYTES = 32;
  private static final String ALGORITHM = "X25519";

  private final KeyAgreement agreement;
  private final byte[] publicKey;

  /** A fresh ephemeral key pair. */
  X25519Agreement() throws GeneralSecurityException {
    this(JdkProviders.keyPairGenerator(ALGORITHM).generateKeyPair());
  }

  /** A given key pair (known test vectors). */
  X25519Agreement(KeyPair pair) throws GeneralSecurityException {
    this(pair.getPrivate(), encode(((XECPublicKey) pair.getPublic()).getU()));
  }

  private X25519Agreement(PrivateKey privateKey, byte[] publicKey) throws GeneralSecurityException {
    this.agreement = JdkProviders.keyAgreement(ALGORITHM);
    agreement.init(privateKey);
    this.publicKey = publicKey;
  }

  /** This side's public key, as sent to the peer. */
  byte[] publicKey() {
    return publicKey.clone();
  }

  /**
   * The shared secret with {@code peer}'s public key; the JDK refuses a result of all zeros (a peer
   * key of small order), as RFC 8731 requires.
   */
  byte[] sharedSecret(byte[] peer) throws GeneralSecurityException {
    if (peer.length != KEY_BYTES) {
      throw new InvalidKeyException(
          "X25519 public key has " + peer.length + " bytes, not " + KEY_BYTES);
    }
    XECPublicKeySpec spec = new XECPublicKeySpec(NamedParameterSpec.X25519, decode(peer));
    agreement.doPhase(JdkProviders.keyFactory(ALGORITHM).generatePublic(spec), true);
    return agreement.generateSecret();
  }

  /** The provider doing the agreement. */
  String provider() {
    return agreement.getProvider().getName();
  }

  /** u as 32 little-endian bytes. */
  static byte[] encode(BigInteger u) {
    byte[] bigEndian = u.toByteArray();
    byte[] out = new byte[KEY_BYTES];
    for (int i = 0; i < KEY_BYTES && i < bigEndian.length; i++) {
      out[i] = bigEndian[bigEndian.length - 1 - i];
    }
    return out;
  }

  /** 32 little-endian bytes as u, the top bit masked off (RFC 7748, section 5). */
  static BigInteger decode(byte[] littleEndian) {
    byte[] bigEndian = new byte[KEY_BYTES];
    for (int i = 0; i < KEY_BYTES; i++) {
      bigEndian[i] = littleEndian[KEY_BYTES - 1 - i];
    }
    bigEndian[0] &= 0x7f;
    return new BigInteger(1, bigEndian);
  }
}
