package io.pagetune.linux;

import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One user of a Linux host's huge-page pool: an Oracle instance (its SGA), the SysV segments of an
 * OS user, a PostgreSQL cluster (its main shared memory), a process that maps huge pages today, or
 * a consumer the playbook declares ({@code hugepages_consumers}).
 *
 * @param name how reports name it, e.g. {@code oracle/ORCL}, {@code postgres/15/main}
 * @param bytes the shared memory it maps in huge pages
 * @param source where the size comes from, in words ("declared", "postgres -C", "ipcs -m")
 * @param replaces names of consumers found on the host that this one stands for (a declared Oracle
 *     instance stands for its owner's running segments), so that the same memory is counted once
 */
public record HugePageConsumer(String name, long bytes, String source, Set<String> replaces) {
  public HugePageConsumer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    // a consumer never stands for itself (a cluster named as the host's cluster list names it)
    replaces =
        replaces.stream().filter(r -> !r.equals(name)).collect(Collectors.toUnmodifiableSet());
    if (name.isBlank()) {
      throw new IllegalArgumentException("a huge-page consumer needs a name");
    }
    if (bytes <= 0) {
      throw new IllegalArgumentException("huge-page consumer " + name + " needs a size > 0");
    }
  }

  /** A consumer that stands for no other. */
  public HugePageConsumer(String name, long bytes, String source) {
    this(name, bytes, source, Set.of());
  }

  /** Whole pages of {@code pageBytes} this consumer needs (rounded up). */
  public long pages(long pageBytes) {
    return -Math.floorDiv(-bytes, pageBytes);
  }

  /**
   * The line a pool's breakdown shows for it, e.g. {@code cache: 128 x 2M (268435456 bytes, …)}.
   */
  public String describe(long pageBytes) {
    return name
        + ": "
        + pages(pageBytes)
        + " x "
        + new io.pagetune.pages.PageSize(pageBytes)
        + " ("
        + bytes
        + " bytes, "
        + source
        + ")";
  }
}
