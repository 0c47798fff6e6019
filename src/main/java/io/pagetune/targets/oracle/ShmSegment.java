package io.pagetune.targets.oracle;

import java.util.OptionalLong;

/** One SysV shared memory segment of {@code ipcs -m}; {@code status} may be empty or "dest". */
record ShmSegment(
    String key,
    String shmid,
    String owner,
    String perms,
    long bytes,
    OptionalLong nattch,
    String status) {

  /** Marked for destruction: it goes away when the last process detaches. */
  public boolean destroyed() {
    return status.contains("dest");
  }
}
