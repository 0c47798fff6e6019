package io.pagetune.targets.oracle;

import io.pagetune.linux.HugePagesSizing;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.MemlockRecommendation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sizes the Oracle HugePages pool (domain.md §3.2): from the running segments with the algorithm of
 * Oracle's hugepages_settings.sh, or from declared SGA sizes; both capped at a share of RAM.
 *
 * @param maxShareOfRam largest pool as a share of MemTotal (Oracle: at most 70%)
 * @param allowanceBytesPerInstance extra bytes per instance in SGA mode, rounded up with the SGA to
 *     whole pages (8 MiB = ansible-oracle's 4 pages of 2 MiB; a few MB, not 4 pages, at 1 GiB)
 * @param memlockShareOfRam memlock as a share of RAM (Oracle: at least 90%)
 */
record HugePagesPlanner(
    double maxShareOfRam, long allowanceBytesPerInstance, double memlockShareOfRam) {
  /** hugepages_settings.sh reports "not enough shared memory segments" below this pool size. */
  static final long MIN_SEGMENT_POOL_BYTES = 100_000_000L;

  public HugePagesPlanner {
    if (!(maxShareOfRam > 0 && maxShareOfRam <= 1)) {
      throw new IllegalArgumentException("maxShareOfRam must be in (0, 1]: " + maxShareOfRam);
    }
    if (allowanceBytesPerInstance < 0) {
      throw new IllegalArgumentException("allowanceBytesPerInstance must be >= 0");
    }
    if (!(memlockShareOfRam > 0 && memlockShareOfRam <= 1)) {
      throw new IllegalArgumentException("memlockShareOfRam must be in (0, 1]");
    }
  }

  /** The default allowance: 8 MiB per instance. */
  public static final long DEFAULT_ALLOWANCE_BYTES = 8L << 20;

  /** 70% cap, 8 MiB per instance, memlock 90% of RAM. */
  public static HugePagesPlanner defaults() {
    return new HugePagesPlanner(0.70, DEFAULT_ALLOWANCE_BYTES, 0.90);
  }

  /**
   * Oracle's algorithm: per segment {@code ⌊bytes/page⌋}, plus one when that is at least one page;
   * smaller segments are ignored. Counts every segment, Oracle or not, as the script does.
   */
  public HugePagesSizing fromSegments(IpcsShm ipcs, long pageBytes, long memTotalBytes) {
    if (pageBytes <= 0) {
      return unsupported();
    }
    long pages = 0;
    List<String> breakdown = new ArrayList<>();
    for (ShmSegment s : ipcs.segments()) {
      long min = s.bytes() / pageBytes;
      if (min > 0) {
        pages += min + 1;
        breakdown.add(
            "segment " + s.shmid() + " (" + s.owner() + ", " + s.bytes() + " bytes): " + (min + 1));
      }
    }
    if (pages * pageBytes < MIN_SEGMENT_POOL_BYTES) {
      return new HugePagesSizing.Refused(
          "not enough shared memory segments for huge pages ("
              + ipcs.segments().size()
              + " segments, "
              + pages
              + " pages): start every instance that should use them, with AMM off");
    }
    return capped(pages, pageBytes, memTotalBytes, breakdown);
  }

  /** {@link #fromSegments(IpcsShm, long, long)} with page size and RAM from meminfo. */
  public HugePagesSizing fromSegments(IpcsShm ipcs, Meminfo meminfo) {
    return fromSegments(
        ipcs, meminfo.hugepagesizeBytes().orElse(0), meminfo.memTotalBytes().orElse(0));
  }

  /** {@link #fromSga(List, long, long)} with page size and RAM from meminfo. */
  public HugePagesSizing fromSga(List<InstanceSga> instances, Meminfo meminfo) {
    return fromSga(
        instances, meminfo.hugepagesizeBytes().orElse(0), meminfo.memTotalBytes().orElse(0));
  }

  /** Declared sizes: per instance {@code ⌈(SGA + allowance)/page⌉}. */
  public HugePagesSizing fromSga(List<InstanceSga> instances, long pageBytes, long memTotalBytes) {
    if (pageBytes <= 0) {
      return unsupported();
    }
    if (instances.isEmpty()) {
      return new HugePagesSizing.Refused("no instance SGA sizes declared");
    }
    long pages = 0;
    List<String> breakdown = new ArrayList<>();
    for (InstanceSga i : instances) {
      long n = ceilDiv(i.sgaBytes() + allowanceBytesPerInstance, pageBytes);
      pages += n;
      breakdown.add(
          i.instance()
              + ": ceil(("
              + i.sgaBytes()
              + " + "
              + allowanceBytesPerInstance
              + ") / "
              + pageBytes
              + ") = "
              + n);
    }
    return capped(pages, pageBytes, memTotalBytes, breakdown);
  }

  private HugePagesSizing capped(
      long pages, long pageBytes, long memTotalBytes, List<String> breakdown) {
    if (memTotalBytes <= 0) {
      return new HugePagesSizing.Refused("MemTotal is unknown: cannot check the pool against RAM");
    }
    long pool = pages * pageBytes;
    double share = (double) pool / memTotalBytes;
    if (share > maxShareOfRam) {
      return new HugePagesSizing.Refused(
          String.format(
              Locale.ROOT,
              "%d huge pages (%s) would take %.1f%% of RAM (%s), above the %.0f%% cap; leave the"
                  + " rest for PGA and the OS, or raise the cap deliberately",
              pages,
              gib(pool),
              share * 100,
              gib(memTotalBytes),
              maxShareOfRam * 100));
    }
    return new HugePagesSizing.Sized(pages, pageBytes, breakdown);
  }

  /** At least the pool, and about 90% of RAM as Oracle asks; kB rounded down like the example. */
  public MemlockRecommendation memlock(long poolBytes, long memTotalBytes) {
    long poolKb = ceilDiv(poolBytes, 1024L);
    long shareKb = (long) Math.floor(memTotalBytes / 1024.0 * memlockShareOfRam);
    if (poolKb > shareKb) {
      return new MemlockRecommendation(poolKb, "the pool needs " + poolKb + " kB locked");
    }
    // the reason names no pool size: the limit does not depend on it here, so the limits file does
    // not change when another module's consumer raises the pool
    return new MemlockRecommendation(
        shareKb,
        String.format(
            Locale.ROOT, "%.0f%% of RAM, which covers the pool", memlockShareOfRam * 100));
  }

  // Math.ceilDiv arrived after Java 17
  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static HugePagesSizing unsupported() {
    return new HugePagesSizing.Refused(
        "Hugepagesize is missing from /proc/meminfo: huge pages are not supported by this kernel");
  }

  private static String gib(long bytes) {
    return String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30));
  }
}
