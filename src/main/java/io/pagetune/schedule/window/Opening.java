package io.pagetune.schedule.window;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** One occurrence of a window: open from {@code start} (inclusive) to {@code end} (exclusive). */
public record Opening(String window, Instant start, Instant end) {
  public Opening {
    Objects.requireNonNull(window, "window");
    if (!end.isAfter(start)) {
      throw new IllegalArgumentException("an opening must end after it starts");
    }
  }

  public boolean contains(Instant t) {
    return !t.isBefore(start) && t.isBefore(end);
  }

  public Duration length() {
    return Duration.between(start, end);
  }

  /** Time left at {@code now}; zero once the opening has ended. */
  public Duration remaining(Instant now) {
    Duration d = Duration.between(now, end);
    return d.isNegative() ? Duration.ZERO : d;
  }
}
