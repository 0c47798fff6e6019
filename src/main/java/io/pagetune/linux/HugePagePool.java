package io.pagetune.linux;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Sizes the one huge-page pool of a Linux host ({@code vm.nr_hugepages}) for all of its consumers
 * together: each consumer gets its own whole pages, the sum is capped at a share of RAM (70% by
 * Oracle's advice: the rest is for process memory and the OS) and a pool is never planned below the
 * pages in use today, since the kernel cannot take back pages a running process has mapped.
 *
 * @param maxShareOfRam largest pool as a share of MemTotal, in (0, 1]
 */
public record HugePagePool(double maxShareOfRam) {
  public HugePagePool {
    if (!(maxShareOfRam > 0 && maxShareOfRam <= 1)) {
      throw new IllegalArgumentException("maxShareOfRam must be in (0, 1]: " + maxShareOfRam);
    }
  }

  /** What the pool holds now, from /proc/meminfo (or sysfs for a non-default page size). */
  public record Live(long total, long free, long reserved) {
    /** Pages a running process holds or has reserved: they cannot be taken away. */
    public long inUse() {
      return Math.max(0, total - free + reserved);
    }
  }

  /** The outcome: a page count with one line per consumer, or a refusal. */
  public sealed interface Sizing {}

  /** {@code pages} of {@code pageBytes}; {@code breakdown} has one line per consumer. */
  public record Sized(long pages, long pageBytes, List<String> breakdown) implements Sizing {
    public Sized {
      breakdown = List.copyOf(breakdown);
    }
  }

  /** Why no pool is planned. */
  public record Refused(String reason) implements Sizing {
    public Refused {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** Sizes the pool for {@code consumers} in pages of {@code pageBytes}. */
  public Sizing size(
      List<HugePageConsumer> consumers, long pageBytes, long memTotalBytes, Live live) {
    if (pageBytes != (2L << 20) && pageBytes != (1L << 30)) {
      return new Refused(
          "huge page size must be 2M or 1G, got " + new PageSize(Math.max(pageBytes, 1)));
    }
    if (consumers.isEmpty()) {
      return new Refused("no huge-page consumers: nothing to size the pool for");
    }
    if (memTotalBytes <= 0) {
      return new Refused("MemTotal is unknown: cannot check the pool against RAM");
    }
    long pages = 0;
    List<String> breakdown = new ArrayList<>();
    String page = new PageSize(pageBytes).toString();
    for (HugePageConsumer c : consumers) {
      long n = c.pages(pageBytes);
      pages += n;
      breakdown.add(
          c.name() + ": " + n + " x " + page + " (" + c.bytes() + " bytes, " + c.source() + ")");
    }
    double share = (double) pages * pageBytes / memTotalBytes;
    if (share > maxShareOfRam) {
      return new Refused(
          String.format(
              Locale.ROOT,
              "%d huge pages of %s (%s) would take %.1f%% of RAM (%s), above the %.0f%% cap (%s)",
              pages,
              page,
              gib(pages * pageBytes),
              share * 100,
              gib(memTotalBytes),
              maxShareOfRam * 100,
              String.join("; ", breakdown)));
    }
    if (live.inUse() > pages) {
      return new Refused(
          "the pool would shrink to "
              + pages
              + " pages of "
              + page
              + " while "
              + live.inUse()
              + " are in use (HugePages_Total "
              + live.total()
              + ", free "
              + live.free()
              + ", reserved "
              + live.reserved()
              + "): stop the consumers that hold them or declare them in hugepages_consumers");
    }
    return new Sized(pages, pageBytes, breakdown);
  }

  private static String gib(long bytes) {
    return String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30));
  }
}
