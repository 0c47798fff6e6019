package io.pagetune.schedule.window;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Openings of a cron window: each start from the expression, minus blackout days. */
public final class CronWindowCalendar implements WindowCalendar {
  private final ChangeWindow window;
  private final CronExpression cron;

  public CronWindowCalendar(ChangeWindow window) {
    this.window = window;
    this.cron =
        window
            .cron()
            .orElseThrow(
                () -> new IllegalArgumentException("window " + window.name() + " has no cron"));
  }

  @Override
  public Optional<Opening> current(Instant now) {
    Duration length = window.duration();
    Opening best = null;
    // every opening containing now started in (now - duration, now]
    Instant from = now.minus(length).plusNanos(1);
    for (Opening o : openings(from, now, Integer.MAX_VALUE)) {
      if (o.contains(now) && (best == null || o.end().isAfter(best.end()))) {
        best = o;
      }
    }
    return Optional.ofNullable(best);
  }

  @Override
  public List<Opening> next(Instant from, int count) {
    return openings(from, null, count);
  }

  /** Openings starting in [from, until] (until null: unbounded), at most count of them. */
  private List<Opening> openings(Instant from, Instant until, int count) {
    List<Opening> out = new ArrayList<>();
    Instant cursor = from;
    while (out.size() < count) {
      Optional<Instant> start = cron.nextAtOrAfter(cursor, window.zone());
      if (start.isEmpty() || (until != null && start.get().isAfter(until))) {
        break;
      }
      Instant s = start.get();
      Optional<Blackout> blackout = blackoutOn(s);
      if (blackout.isEmpty()) {
        out.add(new Opening(window.name(), s, s.plus(window.duration())));
        cursor = s.plusNanos(1);
      } else {
        // skip the rest of the blackout in one step
        cursor = blackout.get().to().plusDays(1).atStartOfDay(window.zone()).toInstant();
      }
    }
    return out;
  }

  private Optional<Blackout> blackoutOn(Instant start) {
    var day = start.atZone(window.zone()).toLocalDate();
    return window.blackouts().stream().filter(b -> b.contains(day)).findFirst();
  }
}
