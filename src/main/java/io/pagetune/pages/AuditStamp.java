package io.pagetune.pages;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/** Who changed a file and when, written into an audit comment next to the change. */
public record AuditStamp(String runId, Instant at) {
  public AuditStamp {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(at, "at");
    if (runId.contains("\n") || runId.contains("\r")) {
      throw new IllegalArgumentException("run id must be one line");
    }
  }

  /** {@code # pagetune run <id> at <instant>: <what>}. */
  public String comment(String what) {
    return "# pagetune run " + runId + " at " + at.truncatedTo(ChronoUnit.SECONDS) + ": " + what;
  }
}
