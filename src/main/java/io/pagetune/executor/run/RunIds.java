package io.pagetune.executor.run;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/** Run ids that sort by time and never collide: {@code 20261129T221530Z-3fa9c2}. */
final class RunIds {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final SecureRandom RANDOM = new SecureRandom();

  private RunIds() {}

  static String next(Clock clock) {
    byte[] b = new byte[3];
    RANDOM.nextBytes(b);
    return STAMP.format(clock.instant()) + "-" + HexFormat.of().formatHex(b);
  }
}
