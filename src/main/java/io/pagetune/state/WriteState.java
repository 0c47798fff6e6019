package io.pagetune.state;

/** Where a journaled write stands between the journal and the host. */
public enum WriteState {
  /** Stored before the file was renamed into place; not yet known to have landed. */
  INTENDED,
  /** The file on the host holds the journaled content (or was removed, for a removal). */
  APPLIED,
  /** A dead run's write that the host shows neither before nor after: someone else changed it. */
  DIVERGED
}
