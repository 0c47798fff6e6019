package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.Option;

/**
 * {@code --now}: run as if the clock showed this instant (rehearsals of change windows in the lab;
 * also {@code PAGETUNE_NOW}). Time only moves forward from it.
 */
public final class NowOption {
  @Option(
      names = "--now",
      paramLabel = "TIME",
      description =
          "Pretend the time is TIME (ISO-8601, e.g. 2026-12-06T02:30:00+01:00) for change"
              + " windows; for rehearsals. Also PAGETUNE_NOW.")
  String now;

  Clock clock(CliEnvironment env) {
    String text = now != null ? now : env.env().get("PAGETUNE_NOW");
    if (text == null || text.isBlank()) {
      return env.clock();
    }
    Instant at = parse(text.trim());
    Instant realStart = env.clock().instant();
    Clock base = env.clock();
    return new Clock() {
      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        // the pretended time advances as real time does, so waits and timeouts still work
        return at.plus(java.time.Duration.between(realStart, base.instant()));
      }
    };
  }

  private static Instant parse(String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException e2) {
        throw new InputException(
            SourceLocation.of("--now"),
            "cannot read time '" + text + "' (use ISO-8601 like 2026-12-06T02:30:00+01:00)");
      }
    }
  }
}
