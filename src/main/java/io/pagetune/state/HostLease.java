package io.pagetune.state;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Who holds a host: {@code owner} is "run &lt;id&gt;" or "restart &lt;id&gt;", {@code holder} the
 * user@node that runs it, {@code since} when it took the host, {@code heartbeat} when it last
 * proved it is alive.
 */
public record HostLease(
    String host, String owner, String holder, Instant since, Instant heartbeat) {
  public HostLease {
    Objects.requireNonNull(host);
    Objects.requireNonNull(owner);
    Objects.requireNonNull(holder);
    Objects.requireNonNull(since);
    Objects.requireNonNull(heartbeat);
  }

  /** The line a host fails with: "locked by run X (alice@ctl1, since 2026-11-30T12:00:00Z)". */
  public String lockedLine() {
    return "locked by "
        + owner
        + " ("
        + holder
        + ", since "
        + since.truncatedTo(ChronoUnit.SECONDS)
        + ")";
  }
}
