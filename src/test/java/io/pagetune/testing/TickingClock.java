package io.pagetune.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that moves a fixed step each time it is read, so a time limit is reached after a known
 * number of looks at the clock, however fast or loaded the machine is.
 */
public final class TickingClock extends Clock {
  private final Duration step;
  private Instant now = Instant.parse("2026-11-29T10:00:00Z");

  public TickingClock(Duration step) {
    this.step = step;
  }

  @Override
  public synchronized Instant instant() {
    now = now.plus(step);
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException();
  }
}
