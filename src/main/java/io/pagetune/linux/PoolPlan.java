package io.pagetune.linux;

import io.pagetune.modules.HostState;
import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * The one huge-page pool of a Linux host for one page size, as every module that writes it plans
 * it: the consumers this task declares, the module's own, every consumer the registered sources
 * find on the host and those the pool file records, each counted once ({@link SharedPool}), capped
 * at a share of RAM, and never below the pages in use today. Whichever module, loop item or play
 * order plans it, the same host gives the same pool, and the pool file records what a later module
 * needs to plan it again.
 *
 * @param pageBytes the page size of this pool
 * @param pages the pool's size in pages
 * @param consumers the pool's consumers, sorted by name
 * @param breakdown one line per consumer, then the in-use floor when it applies
 * @param notes why the pool differs from the sum of its consumers
 * @param recorded the consumers the pool file keeps for the next module
 */
public record PoolPlan(
    long pageBytes,
    long pages,
    List<HugePageConsumer> consumers,
    List<String> breakdown,
    List<String> notes,
    List<HugePageConsumer> recorded)
    implements PoolOutcome {
  public PoolPlan {
    consumers = List.copyOf(consumers);
    breakdown = List.copyOf(breakdown);
    notes = List.copyOf(notes);
    recorded = List.copyOf(recorded);
  }

  /**
   * What a module brings to the plan.
   *
   * @param declared consumers this task declares ({@code hugepages_consumers}); they win by name
   * @param own the module's own consumers (its instances, its cluster), recorded in the pool file
   * @param found consumers the module finds on the host itself (its target's, even when no source
   *     is registered), not recorded: they are found again next time
   * @param poolFile the pool's sysctl file as it is now (its records are read)
   * @param maxShareOfRam largest pool as a share of MemTotal
   * @param memTotalBytes MemTotal
   * @param live the pool's counters now, for the in-use floor (only at the default page size)
   * @param defaultPage whether {@code pageBytes} is the kernel's default huge page size
   */
  public record Request(
      List<HugePageConsumer> declared,
      List<HugePageConsumer> own,
      List<HugePageConsumer> found,
      String poolFile,
      double maxShareOfRam,
      long memTotalBytes,
      HugePagePool.Live live,
      boolean defaultPage) {
    public Request {
      declared = List.copyOf(declared);
      own = List.copyOf(own);
      found = List.copyOf(found);
      Objects.requireNonNull(poolFile, "poolFile");
    }
  }

  /** Plans the pool of {@code pageBytes} pages on {@code host}. */
  public static PoolOutcome plan(
      HostState host, HugePageConsumers sources, long pageBytes, Request r) {
    List<HugePageConsumer> found = new ArrayList<>(r.found());
    found.addAll(sources.all(host, pageBytes));
    // a record without its size was written for the running kernel's default size
    LongSupplier unsized = () -> host.fact(Meminfo.PAGES).hugepagesizeBytes().orElse(pageBytes);
    SharedPool shared =
        SharedPool.of(
            r.declared(), r.own(), found, PoolRecords.parse(r.poolFile(), pageBytes, unsized));
    for (HugePageConsumer c : shared.recorded()) {
      Optional<String> bad = PoolRecords.unrecordable(c);
      if (bad.isPresent()) {
        return new PoolOutcome.Refused(bad.get());
      }
    }
    List<String> notes = new ArrayList<>();
    Optional<String> unknown = unsized(host, sources, pageBytes, shared, notes);
    if (unknown.isPresent()) {
      return new PoolOutcome.Refused(unknown.get());
    }
    HugePagePool.Sizing sizing =
        new HugePagePool(r.maxShareOfRam())
            .size(shared.consumers(), pageBytes, r.memTotalBytes(), new HugePagePool.Live(0, 0, 0));
    if (sizing instanceof HugePagePool.Refused refused) {
      return new PoolOutcome.Refused(refused.reason());
    }
    HugePagePool.Sized sized = (HugePagePool.Sized) sizing;
    long pages = sized.pages();
    List<String> breakdown = new ArrayList<>(sized.breakdown());
    long inUse = r.defaultPage() ? r.live().inUse() : 0;
    if (inUse > pages) {
      // the kernel cannot take back mapped pages, and their users would lose them at boot
      notes.add(
          "kept "
              + inUse
              + " pages: HugePages_Total "
              + r.live().total()
              + ", Free "
              + r.live().free()
              + ", Rsvd "
              + r.live().reserved()
              + " ("
              + inUse
              + " in use), more than the "
              + pages
              + " sized");
      breakdown.add("in use today: " + inUse);
      pages = inUse;
    }
    return new PoolPlan(pageBytes, pages, shared.consumers(), breakdown, notes, shared.recorded());
  }

  /**
   * A user found on the host whose size is not known and that neither this task nor the pool file
   * names: the pool is refused when its next start fails without its pages, else a note says that
   * it falls back to normal pages.
   */
  private static Optional<String> unsized(
      HostState host,
      HugePageConsumers sources,
      long pageBytes,
      SharedPool shared,
      List<String> notes) {
    Set<String> sized =
        shared.consumers().stream().map(HugePageConsumer::name).collect(Collectors.toSet());
    for (UnsizedConsumer u : sources.unsized(host, pageBytes)) {
      if (sized.contains(u.name())) {
        continue;
      }
      String declare =
          "declare it in consumers (hugepages_consumers of oracle_hugepages) as {name: "
              + u.name()
              + ", bytes: <its shared memory>}, or start it once so that its size can be read";
      if (u.failsWithoutPages()) {
        return Optional.of(
            u.name()
                + " would fail its next start without its pages, and the pool cannot count it: "
                + u.why()
                + "; "
                + declare);
      }
      notes.add(
          "warning: "
              + u.name()
              + " is not counted and falls back to normal pages at its next start: "
              + u.why()
              + "; "
              + declare);
    }
    return Optional.empty();
  }

  /** The pool file's text with this plan's records in place of the old ones. */
  public String withRecords(String text) {
    return PoolRecords.put(text, recorded, pageBytes);
  }

  /** {@code 2M}, {@code 1G}. */
  public String pageName() {
    return new PageSize(pageBytes).toString();
  }
}
