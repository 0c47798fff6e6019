package io.pagetune.schedule.window;

import java.time.LocalDate;
import java.util.Objects;

/** Days (inclusive, in the window's zone) on which no opening may start. */
public record Blackout(LocalDate from, LocalDate to) {
  public Blackout {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (to.isBefore(from)) {
      throw new IllegalArgumentException(
          "blackout ends (" + to + ") before it starts (" + from + ")");
    }
  }

  public boolean contains(LocalDate day) {
    return !day.isBefore(from) && !day.isAfter(to);
  }
}
