package io.pagetune.targets.postgres;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memory parameter's value in bytes, as the server reads it (PostgreSQL docs §20.1.1): an integer
 * with an optional unit {@code B}, {@code kB}, {@code MB}, {@code GB} or {@code TB}
 * (case-sensitive, powers of 1024), without one in the parameter's own unit ({@code
 * shared_buffers}: 8 kB blocks; {@code huge_page_size}: kB).
 */
final class PgMemorySetting {
  private static final Pattern VALUE = Pattern.compile("(\\d{1,15})\\s*(B|kB|MB|GB|TB)?");

  private PgMemorySetting() {}

  static OptionalLong bytes(String value, long unitBytes) {
    Matcher m = VALUE.matcher(value.strip());
    if (!m.matches()) {
      return OptionalLong.empty();
    }
    long n = Long.parseLong(m.group(1));
    long unit =
        m.group(2) == null
            ? unitBytes
            : switch (m.group(2)) {
              case "B" -> 1L;
              case "kB" -> 1L << 10;
              case "MB" -> 1L << 20;
              case "GB" -> 1L << 30;
              default -> 1L << 40;
            };
    return OptionalLong.of(n * unit);
  }
}
