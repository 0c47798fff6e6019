package io.pagetune.template;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Bounds on one evaluation of user-written template text: the characters it may produce and the
 * time it may take. A template that exceeds either fails the task of that host with a clear
 * message; it never takes the control node's memory or the run's time.
 *
 * @param maxOutputChars characters one rendering may write (a file, a string argument)
 * @param timeLimit time of one evaluation, nested variable rendering included
 * @param clock what the time limit is measured by (the system clock; tests inject their own)
 */
public record TemplateLimits(long maxOutputChars, Duration timeLimit, Clock clock) {
  /** Far above any real configuration file, far below what hurts the control node. */
  public static final TemplateLimits DEFAULT = new TemplateLimits(8L << 20, Duration.ofSeconds(10));

  public TemplateLimits {
    if (maxOutputChars <= 0) {
      throw new IllegalArgumentException("maxOutputChars must be positive");
    }
    if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero()) {
      throw new IllegalArgumentException("timeLimit must be positive");
    }
    Objects.requireNonNull(clock, "clock");
  }

  /** The time measured by the system clock. */
  public TemplateLimits(long maxOutputChars, Duration timeLimit) {
    this(maxOutputChars, timeLimit, Clock.systemUTC());
  }

  /** The same bounds, the time measured by {@code clock}. */
  public TemplateLimits withClock(Clock clock) {
    return new TemplateLimits(maxOutputChars, timeLimit, clock);
  }
}
