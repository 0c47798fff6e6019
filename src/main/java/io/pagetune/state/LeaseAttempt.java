package io.pagetune.state;

import java.util.Objects;
import java.util.Optional;

/** What asking for a host's lease came to. */
public sealed interface LeaseAttempt {
  /**
   * The lease is ours now.
   *
   * @param tookOver the expired lease of a dead holder it replaced, if any
   */
  record Acquired(HostLease lease, Optional<HostLease> tookOver) implements LeaseAttempt {
    public Acquired {
      Objects.requireNonNull(lease);
      Objects.requireNonNull(tookOver);
    }
  }

  /** Someone alive holds the host. */
  record Refused(HostLease holder) implements LeaseAttempt {
    public Refused {
      Objects.requireNonNull(holder);
    }
  }
}
