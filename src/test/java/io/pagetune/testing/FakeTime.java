package io.pagetune.testing;

import io.pagetune.schedule.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** A clock that only moves when code sleeps on it, so waiting tests finish at once. */
public final class FakeTime extends Clock implements Sleeper {
  private Instant now;
  public final List<Duration> sleeps = new ArrayList<>();

  public FakeTime(Instant start) {
    this.now = start;
  }

  @Override
  public synchronized void sleep(Duration d) {
    sleeps.add(d);
    now = now.plus(d);
  }

  public synchronized Duration slept() {
    return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
  }

  @Override
  public synchronized Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
