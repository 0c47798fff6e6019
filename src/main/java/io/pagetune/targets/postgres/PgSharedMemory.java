package io.pagetune.targets.postgres;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * How much main shared memory a cluster maps, which is what it needs from the huge-page pool.
 *
 * <p>PostgreSQL 15 and later compute it themselves: {@code shared_memory_size_in_huge_pages} (the
 * pages of {@code huge_page_size}, or of the default huge page size) and {@code shared_memory_size}
 * (MB). Older versions do not say, so it is estimated from the settings that dominate it, rounded
 * up generously rather than short (a short pool makes {@code huge_pages = on} fail at start):
 *
 * <pre>
 *   bytes = shared_buffers_blocks * (8192 + 160)        buffer pool + descriptors, buffer lookup
 *                                                       hash, checkpoint sort array per buffer
 *         + wal_buffers                                 -1 = shared_buffers/32, 64 kB..16 MB
 *         + (max_connections + autovacuum_max_workers + max_worker_processes
 *            + max_wal_senders + max_prepared_transactions + 5) * 24 kB
 *                                                       PGPROC, snapshots, per-backend state
 *         + max_locks_per_transaction * (max_connections + max_prepared_transactions) * 300
 *                                                       lock and proclock hash tables
 *         + 16 MB                                       CLOG/SLRU buffers, fixed structures
 * </pre>
 *
 * With PostgreSQL 15's defaults and {@code shared_buffers = 3GB} this gives 3169 MB against the
 * server's own 3165 MB.
 *
 * @param bytes the size in bytes
 * @param source how it was found, in words
 */
public record PgSharedMemory(long bytes, String source) {

  /** The size of {@code state}'s main shared memory with huge pages of {@code hugePageBytes}. */
  public static Optional<PgSharedMemory> of(PgClusterState state, long hugePageBytes) {
    OptionalLong pages = number(state.setting("shared_memory_size_in_huge_pages"));
    if (pages.isPresent() && pages.getAsLong() > 0 && hugePageBytes > 0) {
      return Optional.of(
          new PgSharedMemory(
              pages.getAsLong() * hugePageBytes,
              "shared_memory_size_in_huge_pages="
                  + pages.getAsLong()
                  + " ("
                  + state.settingsFrom()
                  + ")"));
    }
    OptionalLong mb = number(state.setting("shared_memory_size"));
    if (mb.isPresent() && mb.getAsLong() > 0) {
      return Optional.of(
          new PgSharedMemory(
              mb.getAsLong() << 20,
              "shared_memory_size=" + mb.getAsLong() + "MB (" + state.settingsFrom() + ")"));
    }
    return estimate(state);
  }

  /** The estimate for versions before 15 (see the class comment). */
  static Optional<PgSharedMemory> estimate(PgClusterState s) {
    OptionalLong blocks = number(s.setting("shared_buffers"));
    if (blocks.isEmpty() || blocks.getAsLong() <= 0) {
      return Optional.empty();
    }
    long b = blocks.getAsLong();
    long wal = number(s.setting("wal_buffers")).orElse(-1);
    long walBytes = wal > 0 ? wal * 8192 : Math.min(16L << 20, Math.max(64L << 10, b * 8192 / 32));
    long conns = number(s.setting("max_connections")).orElse(100);
    long prepared = number(s.setting("max_prepared_transactions")).orElse(0);
    long backends =
        conns
            + number(s.setting("autovacuum_max_workers")).orElse(3)
            + number(s.setting("max_worker_processes")).orElse(8)
            + number(s.setting("max_wal_senders")).orElse(10)
            + prepared
            + 5;
    long locks = number(s.setting("max_locks_per_transaction")).orElse(64) * (conns + prepared);
    long bytes = b * (8192 + 160) + walBytes + backends * (24L << 10) + locks * 300 + (16L << 20);
    return Optional.of(
        new PgSharedMemory(
            bytes, "estimated from shared_buffers=" + b + " blocks (" + s.settingsFrom() + ")"));
  }

  private static OptionalLong number(Optional<String> v) {
    return v.filter(x -> x.matches("-?\\d{1,18}"))
        .map(x -> OptionalLong.of(Long.parseLong(x)))
        .orElse(OptionalLong.empty());
  }
}
