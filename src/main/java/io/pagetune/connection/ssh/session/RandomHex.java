package io.pagetune.connection.ssh.session;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Random hex words for the names pagetune makes on a host: temp files, frame tokens, markers. */
final class RandomHex {
  private static final SecureRandom RANDOM = new SecureRandom();

  private RandomHex() {}

  /** {@code bytes} random bytes as hex (twice as many characters). */
  static String of(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }
}
