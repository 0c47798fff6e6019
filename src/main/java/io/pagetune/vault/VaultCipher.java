package io.pagetune.vault;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Ansible's AES256 vault cipher: PBKDF2-HMAC-SHA256 (10,000 iterations, 32-byte salt) derives 80
 * bytes, split into the AES-256 key, the HMAC-SHA256 key and the CTR counter's start; the plaintext
 * is PKCS#7 padded to 16 bytes and encrypted in CTR mode; the HMAC covers the ciphertext.
 */
public final class VaultCipher {
  private static final int ITERATIONS = 10_000;
  private static final int KEY = 32;
  private static final int BLOCK = 16;
  private static final int SALT = 32;

  private VaultCipher() {}

  /** Encrypts under the secret; a labelled secret gives a 1.2 envelope, as Ansible writes it. */
  public static VaultEnvelope encrypt(byte[] plaintext, VaultSecret secret, SecureRandom random) {
    byte[] salt = new byte[SALT];
    random.nextBytes(salt);
    Keys keys = Keys.derive(secret.password(), salt);
    byte[] ciphertext = ctr(Cipher.ENCRYPT_MODE, keys, pad(plaintext));
    return new VaultEnvelope(
        secret.labelled() ? Optional.of(secret.label()) : Optional.empty(),
        salt,
        keys.hmac(ciphertext),
        ciphertext);
  }

  /**
   * The plaintext, when this password made the envelope; empty when the HMAC does not match (a
   * wrong password). Compared in constant time.
   */
  public static Optional<byte[]> decrypt(VaultEnvelope envelope, byte[] password) {
    Keys keys = Keys.derive(password, envelope.salt());
    byte[] ciphertext = envelope.ciphertext();
    if (!MessageDigest.isEqual(keys.hmac(ciphertext), envelope.hmac())) {
      return Optional.empty();
    }
    byte[] padded = ctr(Cipher.DECRYPT_MODE, keys, ciphertext);
    return Optional.of(unpad(padded));
  }

  /** Bytes as UTF-8 text; vault values that are not UTF-8 text are refused by the caller. */
  static Optional<String> utf8(byte[] bytes) {
    try {
      CharBuffer chars = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
      return Optional.of(chars.toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  private static byte[] pad(byte[] plaintext) {
    int n = BLOCK - plaintext.length % BLOCK;
    byte[] out = Arrays.copyOf(plaintext, plaintext.length + n);
    Arrays.fill(out, plaintext.length, out.length, (byte) n);
    return out;
  }

  private static byte[] unpad(byte[] padded) {
    int n = padded.length == 0 ? 0 : padded[padded.length - 1] & 0xff;
    if (n < 1 || n > BLOCK || n > padded.length) {
      throw new IllegalArgumentException("vault payload has invalid padding");
    }
    return Arrays.copyOf(padded, padded.length - n);
  }

  private static byte[] ctr(int mode, Keys keys, byte[] input) {
    try {
      Cipher aes = Cipher.getInstance("AES/CTR/NoPadding");
      aes.init(mode, new SecretKeySpec(keys.aes, "AES"), new IvParameterSpec(keys.counter));
      return aes.doFinal(input);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no AES-256-CTR", e);
    }
  }

  /** The three parts of PBKDF2's 80 bytes. */
  private record Keys(byte[] aes, byte[] mac, byte[] counter) {
    static Keys derive(byte[] password, byte[] salt) {
      byte[] derived = Pbkdf2.hmacSha256(password, salt, ITERATIONS, 2 * KEY + BLOCK);
      return new Keys(
          Arrays.copyOfRange(derived, 0, KEY),
          Arrays.copyOfRange(derived, KEY, 2 * KEY),
          Arrays.copyOfRange(derived, 2 * KEY, 2 * KEY + BLOCK));
    }

    byte[] hmac(byte[] ciphertext) {
      try {
        Mac hmac = Mac.getInstance("HmacSHA256");
        hmac.init(new SecretKeySpec(mac, "HmacSHA256"));
        return hmac.doFinal(ciphertext);
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("the JDK has no HMAC-SHA256", e);
      }
    }
  }
}
