package io.pagetune.schedule.window;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When a change window is open. A window is a validity interval, not a trigger: a disruptive step
 * runs only inside an opening that still has room for it, and a missed opening is never made up
 * after its end.
 */
public interface WindowCalendar {
  /** How many future openings {@link #decide} looks through for one long enough. */
  int LOOKAHEAD = 64;

  /** The opening that contains {@code now} (the one ending last if several overlap). */
  Optional<Opening> current(Instant now);

  /** Up to {@code count} openings starting at or after {@code from}, in start order. */
  List<Opening> next(Instant from, int count);

  /**
   * RUN_NOW when {@code now} is inside an opening whose time left covers {@code expected};
   * otherwise WAIT_UNTIL the next opening that can hold it, or NEVER if none can.
   */
  default Decision decide(Instant now, Duration expected) {
    Optional<Opening> current = current(now);
    String why = "";
    if (current.isPresent()) {
      Opening o = current.get();
      Duration left = o.remaining(now);
      if (left.compareTo(expected) >= 0) {
        return Decision.runNow(
            o, "inside " + o.window() + " until " + o.end() + "; " + describe(left) + " left");
      }
      why =
          "only "
              + describe(left)
              + " left in the current opening, "
              + describe(expected)
              + " needed; ";
    }
    for (Opening o : next(now, LOOKAHEAD)) {
      if (o.start().isAfter(now) && o.length().compareTo(expected) >= 0) {
        return Decision.waitUntil(o, why + "next opening of " + o.window() + " at " + o.start());
      }
    }
    return Decision.never(why + "no coming opening is at least " + describe(expected) + " long");
  }

  /** "4h", "1h30m", "45s" */
  static String describe(Duration d) {
    return d.toString().substring(2).toLowerCase(java.util.Locale.ROOT);
  }
}
