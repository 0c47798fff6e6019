package io.pagetune.pages;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memory page size in bytes. Parses the spellings used by AIX/PASE ({@code 64K}, {@code 16m}),
 * Solaris pmap ({@code 256M}) and plain byte counts ({@code 65536}).
 */
public record PageSize(long bytes) implements Comparable<PageSize> {
  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*([KMGT]?)(?:B|iB)?", Pattern.CASE_INSENSITIVE);
  private static final String UNITS = "KMGT";

  public static final PageSize SIZE_4K = new PageSize(4L << 10);
  public static final PageSize SIZE_64K = new PageSize(64L << 10);
  public static final PageSize SIZE_4M = new PageSize(4L << 20);
  public static final PageSize SIZE_16M = new PageSize(16L << 20);
  public static final PageSize SIZE_256M = new PageSize(256L << 20);
  public static final PageSize SIZE_16G = new PageSize(16L << 30);

  public PageSize {
    if (bytes <= 0) {
      throw new IllegalArgumentException("page size must be positive: " + bytes);
    }
  }

  /** Parses {@code 4096}, {@code 64K}, {@code 64k}, {@code 16M}, {@code 2048 kB}; empty if not. */
  public static Optional<PageSize> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    Matcher m = SIZE.matcher(text.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    long n;
    try {
      n = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    String unit = m.group(2).toUpperCase(Locale.ROOT);
    int shift = unit.isEmpty() ? 0 : 10 * (UNITS.indexOf(unit) + 1);
    if (n <= 0 || Long.numberOfLeadingZeros(n) <= shift) {
      return Optional.empty();
    }
    return Optional.of(new PageSize(n << shift));
  }

  /** The shortest exact spelling: {@code 4K}, {@code 64K}, {@code 256M}, {@code 16G}. */
  @Override
  public String toString() {
    long n = bytes;
    int unit = -1;
    while (unit < UNITS.length() - 1 && n % 1024 == 0) {
      n /= 1024;
      unit++;
    }
    return unit < 0 ? Long.toString(n) : n + String.valueOf(UNITS.charAt(unit));
  }

  @Override
  public int compareTo(PageSize other) {
    return Long.compare(bytes, other.bytes);
  }
}
