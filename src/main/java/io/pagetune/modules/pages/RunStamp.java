package io.pagetune.modules.pages;

import io.pagetune.pages.AuditStamp;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The audit stamp of this run: the run id is the run's UTC start second, so plans repeat. */
public final class RunStamp {
  private static final DateTimeFormatter ID =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private RunStamp() {}

  public static AuditStamp of(Clock clock) {
    return new AuditStamp(ID.format(clock.instant()), clock.instant());
  }
}
