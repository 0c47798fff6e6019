package io.pagetune.targets.oracle;

import java.util.OptionalLong;

/**
 * Compares the pool the kernel really allocated with the one requested. Writing {@code
 * nr_hugepages} succeeds even when fewer pages could be allocated (fragmentation, page cache), so
 * every write is read back (domain.md §3.3).
 */
record HugePagesReadBack(Status status, long requested, OptionalLong actual, String message) {
  enum Status {
    MATCH,
    SHORT,
    OVER,
    UNKNOWN
  }

  public static HugePagesReadBack compare(long requested, OptionalLong actual) {
    if (actual.isEmpty()) {
      return new HugePagesReadBack(
          Status.UNKNOWN, requested, actual, "the pool size could not be read back");
    }
    long a = actual.getAsLong();
    if (a == requested) {
      return new HugePagesReadBack(
          Status.MATCH, requested, actual, requested + " huge pages allocated");
    }
    if (a < requested) {
      return new HugePagesReadBack(
          Status.SHORT,
          requested,
          actual,
          "requested "
              + requested
              + " huge pages but only "
              + a
              + " could be allocated: memory is fragmented or held by page cache; a boot-time"
              + " reservation or a reboot with the sysctl file in place is the reliable fix");
    }
    return new HugePagesReadBack(
        Status.OVER,
        requested,
        actual,
        "requested " + requested + " huge pages but " + a + " exist");
  }

  public boolean ok() {
    return status == Status.MATCH;
  }
}
