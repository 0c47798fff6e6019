package io.pagetune.connection.ssh.crypto;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.cipher.Cipher;

/**
 * {@code aes128-gcm@openssh.com} and {@code aes256-gcm@openssh.com} (RFC 5647) on the JDK's {@code
 * AES/GCM/NoPadding}, whose AES and GHASH use the CPU's instructions. The 12-byte nonce is a fixed
 * 4-byte field and an 8-byte counter that goes up by one per packet; the packet length is the
 * additional authenticated data, and the 16-byte tag follows the ciphertext.
 */
public final class AesGcmCipher implements Cipher {
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BYTES = 16;
  private static final int COUNTER_AT = 4;

  private final int keyBytes;
  private final javax.crypto.Cipher aes;
  private boolean decrypting;
  private SecretKeySpec key;
  private byte[] nonce;
  private boolean ready;

  AesGcmCipher(int keyBytes) {
    this.keyBytes = keyBytes;
    try {
      this.aes = JdkProviders.cipher("AES/GCM/NoPadding");
    } catch (GeneralSecurityException e) {
      throw new SSHRuntimeException(e);
    }
  }

  /** The factory for {@code name} with a key of {@code keyBytes}. */
  public static Factory.Named<Cipher> factory(String name, int keyBytes) {
    return new Factory.Named<>() {
      @Override
      public Cipher create() {
        return new AesGcmCipher(keyBytes);
      }

      @Override
      public String getName() {
        return name;
      }
    };
  }

  /** sshj derives the key's length from the block size. */
  @Override
  public int getBlockSize() {
    return keyBytes;
  }

  @Override
  public int getIVSize() {
    return NONCE_BYTES;
  }

  @Override
  public int getAuthenticationTagSize() {
    return TAG_BYTES;
  }

  @Override
  public void init(Mode mode, byte[] keyMaterial, byte[] iv) {
    this.decrypting = mode == Mode.Decrypt;
    this.key = new SecretKeySpec(keyMaterial, 0, keyBytes, "AES");
    this.nonce = Arrays.copyOf(iv, NONCE_BYTES);
    this.ready = false;
  }

  @Override
  public void updateAAD(byte[] data, int offset, int length) {
    try {
      start().updateAAD(data, offset, length);
    } catch (GeneralSecurityException e) {
      throw new SSHRuntimeException("AES-GCM: " + e.getMessage(), e);
    }
  }

  @Override
  public void updateAAD(byte[] data) {
    updateAAD(data, 0, data.length);
  }

  /** Encrypts and appends the tag, or checks the tag that follows and decrypts, in place. */
  @Override
  public void update(byte[] input, int offset, int length) {
    int in = decrypting ? length + TAG_BYTES : length;
    try {
      start().doFinal(input, offset, in, input, offset);
    } catch (GeneralSecurityException e) {
      throw new SSHRuntimeException("AES-GCM: " + e.getMessage(), e);
    }
    nextNonce();
    ready = false;
  }

  @Override
  public void updateWithAAD(byte[] input, int offset, int aadLength, int length) {
    updateAAD(input, offset, aadLength);
    update(input, offset + aadLength, length);
  }

  /** The nonce counts packets itself; the sequence number plays no part. */
  @Override
  public void setSequenceNumber(long seq) {}

  /** The provider doing the encryption. */
  String provider() {
    return aes.getProvider().getName();
  }

  /** The cipher set up for the next packet's nonce (the JDK needs a new init per nonce). */
  private javax.crypto.Cipher start() throws GeneralSecurityException {
    if (!ready) {
      int opmode = decrypting ? javax.crypto.Cipher.DECRYPT_MODE : javax.crypto.Cipher.ENCRYPT_MODE;
      aes.init(opmode, key, new GCMParameterSpec(TAG_BYTES * 8, nonce));
      ready = true;
    }
    return aes;
  }

  /** The 8-byte big-endian invocation counter plus one, modulo 2^64 (rekeying comes far sooner). */
  private void nextNonce() {
    for (int i = NONCE_BYTES - 1; i >= COUNTER_AT; i--) {
      if (++nonce[i] != 0) {
        return;
      }
    }
  }
}
