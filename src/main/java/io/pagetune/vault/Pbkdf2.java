package io.pagetune.vault;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * PBKDF2 with HMAC-SHA256 (RFC 8018) over the password's bytes. The JDK's {@code
 * PBKDF2WithHmacSHA256} takes the password as characters and encodes them itself, which cannot
 * reproduce a password file's arbitrary bytes; this takes the bytes as Ansible does.
 */
final class Pbkdf2 {
  private static final int HASH = 32;

  private Pbkdf2() {}

  static byte[] hmacSha256(byte[] password, byte[] salt, int iterations, int length) {
    try {
      Mac prf = Mac.getInstance("HmacSHA256");
      // an empty key is refused by SecretKeySpec; Ansible refuses empty passwords before this
      prf.init(new SecretKeySpec(password.length == 0 ? new byte[1] : password, "HmacSHA256"));
      byte[] out = new byte[length];
      int blocks = (length + HASH - 1) / HASH;
      for (int i = 1; i <= blocks; i++) {
        prf.update(salt);
        prf.update(new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i});
        byte[] u = prf.doFinal();
        byte[] t = u.clone();
        for (int j = 1; j < iterations; j++) {
          u = prf.doFinal(u);
          for (int k = 0; k < HASH; k++) {
            t[k] ^= u[k];
          }
        }
        int at = (i - 1) * HASH;
        System.arraycopy(t, 0, out, at, Math.min(HASH, length - at));
      }
      return out;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no HMAC-SHA256", e);
    }
  }
}
