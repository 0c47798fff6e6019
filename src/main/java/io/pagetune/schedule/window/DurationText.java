package io.pagetune.schedule.window;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them in windows.yml: {@code 4h}, {@code 90m}, {@code 1h30m}, {@code
 * PT4H}.
 */
public final class DurationText {
  private static final Pattern SHORT =
      Pattern.compile("(?:(\\d{1,5})d)?(?:(\\d{1,6})h)?(?:(\\d{1,7})m)?(?:(\\d{1,9})s)?");

  private DurationText() {}

  /** The duration, or empty when the text is neither the short form nor ISO-8601. */
  public static Optional<Duration> parse(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return Optional.empty();
    }
    if (t.toUpperCase(Locale.ROOT).startsWith("P")) {
      try {
        return Optional.of(Duration.parse(t));
      } catch (DateTimeParseException e) {
        return Optional.empty();
      }
    }
    Matcher m = SHORT.matcher(t.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      return Optional.empty();
    }
    Duration d = Duration.ZERO;
    d = d.plusDays(group(m, 1)).plusHours(group(m, 2)).plusMinutes(group(m, 3));
    return Optional.of(d.plusSeconds(group(m, 4)));
  }

  private static long group(Matcher m, int i) {
    return m.group(i) == null ? 0 : Long.parseLong(m.group(i));
  }
}
