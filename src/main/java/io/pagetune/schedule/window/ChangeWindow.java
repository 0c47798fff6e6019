package io.pagetune.schedule.window;

import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A named change window: either recurring openings (a cron expression of start times, a duration of
 * real elapsed time, a zone for the wall clock, blackout days) or a ServiceNow change request whose
 * planned start/end and state decide when it is open.
 */
public record ChangeWindow(
    String name,
    Optional<CronExpression> cron,
    Duration duration,
    ZoneId zone,
    List<Blackout> blackouts,
    Optional<String> serviceNowChange) {

  public ChangeWindow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(zone, "zone");
    blackouts = List.copyOf(blackouts);
    if (cron.isPresent() == serviceNowChange.isPresent()) {
      throw new IllegalArgumentException(
          "window " + name + " needs exactly one of a cron schedule or a ServiceNow change");
    }
    if (cron.isPresent() && (duration == null || duration.isNegative() || duration.isZero())) {
      throw new IllegalArgumentException("window " + name + " needs a positive duration");
    }
    duration = duration == null ? Duration.ZERO : duration;
  }

  public static ChangeWindow cron(
      String name, CronExpression cron, Duration duration, ZoneId zone, List<Blackout> blackouts) {
    return new ChangeWindow(name, Optional.of(cron), duration, zone, blackouts, Optional.empty());
  }

  /** A window taken from a ServiceNow change request; its times are shown in {@code zone}. */
  public static ChangeWindow serviceNow(String name, String changeNumber, ZoneId zone) {
    return new ChangeWindow(
        name, Optional.empty(), null, zone, List.of(), Optional.of(changeNumber));
  }

  public boolean isServiceNow() {
    return serviceNowChange.isPresent();
  }
}
