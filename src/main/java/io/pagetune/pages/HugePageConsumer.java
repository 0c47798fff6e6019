package io.pagetune.pages;

import java.util.Objects;

/**
 * One user of the host-wide huge-page pool: an Oracle instance (its SGA), a PostgreSQL cluster (its
 * main shared memory) or a consumer the playbook declares ({@code hugepages_consumers}).
 *
 * @param name how reports name it, e.g. {@code oracle/ORCL}, {@code postgres/15/main}
 * @param bytes the shared memory it maps in huge pages
 * @param source where the size comes from, in words ("declared", "postgres -C", "ipcs -m")
 */
public record HugePageConsumer(String name, long bytes, String source) {
  public HugePageConsumer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a huge-page consumer needs a name");
    }
    if (bytes <= 0) {
      throw new IllegalArgumentException("huge-page consumer " + name + " needs a size > 0");
    }
  }

  /** Whole pages of {@code pageBytes} this consumer needs (rounded up). */
  public long pages(long pageBytes) {
    return -Math.floorDiv(-bytes, pageBytes);
  }
}
