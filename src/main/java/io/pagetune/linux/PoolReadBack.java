package io.pagetune.linux;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Step;
import java.util.OptionalLong;

/**
 * One size's pool read back live after a module set it, compared with the pages it asked for.
 * Writing {@code nr_hugepages} succeeds even when the kernel could allocate fewer pages
 * (fragmentation, page cache), so every write is read back (domain.md §3.3): the default size's
 * pool by {@code sysctl -n vm.nr_hugepages}, another size's by its sysfs file ({@link
 * GiganticPool}), since {@code vm.nr_hugepages} counts only default-size pages.
 *
 * @param actual the pages the kernel shows; empty when they could not be read
 */
public record PoolReadBack(Status status, long requested, OptionalLong actual) {
  /** How the live pool compares with the request. */
  public enum Status {
    MATCH,
    SHORT,
    OVER,
    UNKNOWN
  }

  /** Reads {@code size}'s pool on {@code host} and compares it with {@code requested}. */
  public static PoolReadBack read(Step.ReadBack.Host host, PoolOfSize size, long requested) {
    RemoteCommand read =
        size.defaultPage()
            ? RemoteCommand.argv("sysctl", "-n", PoolFile.KEY)
            : RemoteCommand.argv("cat", size.gigantic().sysfsPath());
    CommandResult back = host.query(read);
    String got = back.stdout().strip();
    return compare(
        requested,
        back.ok() && got.matches("\\d{1,18}")
            ? OptionalLong.of(Long.parseLong(got))
            : OptionalLong.empty());
  }

  public static PoolReadBack compare(long requested, OptionalLong actual) {
    if (actual.isEmpty()) {
      return new PoolReadBack(Status.UNKNOWN, requested, actual);
    }
    long a = actual.getAsLong();
    return new PoolReadBack(
        a == requested ? Status.MATCH : a < requested ? Status.SHORT : Status.OVER,
        requested,
        actual);
  }

  public boolean ok() {
    return status == Status.MATCH;
  }

  /** The pages read back, or {@code nothing}. */
  public String got() {
    return actual.isPresent() ? Long.toString(actual.getAsLong()) : "nothing";
  }

  /** The comparison in words. */
  public String message() {
    return switch (status) {
      case UNKNOWN -> "the pool size could not be read back";
      case MATCH -> requested + " huge pages allocated";
      case SHORT ->
          "requested "
              + requested
              + " huge pages but only "
              + actual.getAsLong()
              + " could be allocated: memory is fragmented or held by page cache; a boot-time"
              + " reservation or a reboot with the sysctl file in place is the reliable fix";
      case OVER -> "requested " + requested + " huge pages but " + actual.getAsLong() + " exist";
    };
  }
}
