package io.pagetune.targets.postgres;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * How much main shared memory a cluster maps, which is what it needs from the huge-page pool.
 *
 * <p>PostgreSQL 15 and later compute it themselves: {@code shared_memory_size_in_huge_pages} (the
 * pages of {@code huge_page_size}, or of the default huge page size) and {@code shared_memory_size}
 * (MB). For older versions PostgreSQL's documentation (§19.4.5 "Linux Huge Pages", up to 14) sizes
 * the pool from the running postmaster's anonymous shared mapping ({@code pmap}'s {@code rw-s
 * /dev/zero}, i.e. {@code VmPeak}), rounded up to whole huge pages: that mapping holds everything
 * the server put there, extension ({@code shared_preload_libraries}) and activity memory included,
 * which no formula from the settings knows. A stopped cluster before 15 is not sized: a guess that
 * comes out short makes {@code huge_pages = on} fail at start.
 *
 * @param bytes the size in bytes
 * @param source how it was found, in words
 */
record PgSharedMemory(long bytes, String source) {

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
    return mapped(state);
  }

  /** Before 15: the running postmaster's main shared mapping, from its smaps. */
  static Optional<PgSharedMemory> mapped(PgClusterState s) {
    if (!s.running() || s.mainSharedMemory().isEmpty()) {
      return Optional.empty();
    }
    SmapsMapping m = s.mainSharedMemory().get();
    return Optional.of(
        new PgSharedMemory(
            m.sizeKb() << 10,
            "postmaster pid "
                + s.postmasterPid().getAsLong()
                + " maps "
                + m.sizeKb()
                + " kB of shared memory ("
                + (m.path().isEmpty() ? "anonymous" : m.path())
                + ")"));
  }

  /** Why {@link #of} has no size for {@code s}, in one line. */
  static String unknown(PgClusterState s) {
    if (s.setting("shared_buffers").isEmpty()) {
      return "cannot tell the size of its shared memory (no shared_buffers from "
          + s.settingsFrom()
          + ")";
    }
    return "PostgreSQL "
        + s.version()
        + " does not report the size of its shared memory (shared_memory_size_in_huge_pages is"
        + " 15 and later) and "
        + (s.running()
            ? "its postmaster's shared mapping is not in its smaps"
            : "its postmaster is not running")
        + ": the pool is sized from the running postmaster's mapping (PostgreSQL docs §19.4.5);"
        + " start the cluster and run again, pagetune does not guess";
  }

  private static OptionalLong number(Optional<String> v) {
    return v.filter(x -> x.matches("-?\\d{1,18}"))
        .map(x -> OptionalLong.of(Long.parseLong(x)))
        .orElse(OptionalLong.empty());
  }
}
