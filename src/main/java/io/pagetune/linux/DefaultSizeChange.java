package io.pagetune.linux;

import io.pagetune.modules.HostState;
import io.pagetune.pages.PageSize;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A consumer that needs the kernel's default huge page size to change ({@code
 * default_hugepagesz=1G}: System V {@code SHM_HUGETLB} segments take the default size) never takes
 * the old default's pool from its current users. After the change {@code vm.nr_hugepages} counts
 * pages of the new size, so the old size's pool exists at boot only where the kernel command line
 * reserves it ({@code hugepagesz=2M hugepages=N}; kernel Documentation/admin-guide/mm/
 * hugetlbpage.rst). It is kept for the users that name the old size; the change is refused, naming
 * them, where users would be stranded: those that take the default size (they would ask for the new
 * size at their next start), those whose size cannot be told now (a stopped server that reports it
 * only while it runs: no pool could count it) and pages in use today by users that cannot be named.
 * A kernel without pages of the new size (no {@code /sys/kernel/mm/hugepages/hugepages-<kB>kB})
 * ignores the parameter, so the change is refused there too.
 *
 * @param kept the old size's pool for the users that name it; empty when there are none
 * @param refusal why the default size cannot change safely
 */
public record DefaultSizeChange(Optional<PoolPlan> kept, Optional<String> refusal) {
  /** No change of the default size. */
  public static DefaultSizeChange none() {
    return new DefaultSizeChange(Optional.empty(), Optional.empty());
  }

  private static DefaultSizeChange refused(String reason) {
    return new DefaultSizeChange(Optional.empty(), Optional.of(reason));
  }

  /**
   * @param fromBytes the default size now
   * @param toBytes the default size asked for
   * @param movesAlong the users that move to the new size with the requester by design
   * @param recorded the users of the old size recorded in the pool file by earlier tasks and runs
   *     (declared ones among them, which no source finds on the host)
   */
  public static DefaultSizeChange plan(
      HostState host,
      HugePageConsumers sources,
      List<HugePageConsumer> recorded,
      long fromBytes,
      long toBytes,
      Predicate<HugePageConsumer> movesAlong,
      double maxShareOfRam,
      long memTotalBytes) {
    Move move = new Move(fromBytes, toBytes);
    Optional<String> noPages = kernelWithoutNewSize(host, move);
    if (noPages.isPresent()) {
      return refused(noPages.get());
    }
    List<HugePageConsumer> naming = sources.namingSize(host, fromBytes);
    List<HugePageConsumer> today = defaultSizeUsers(host, sources, move);
    Optional<String> refusal =
        strandedUsers(today, naming, recorded, movesAlong, move)
            .or(() -> defaultSizeTakers(host, sources, move))
            .or(() -> unknownSizes(host, sources, move))
            .or(() -> unnamedUsers(host, today, move));
    if (refusal.isPresent()) {
      return refused(refusal.get());
    }
    if (naming.isEmpty()) {
      return none();
    }
    return keptPool(host, naming, move, maxShareOfRam, memTotalBytes);
  }

  /** The move of the default size, in bytes and as the kernel parameter and messages name it. */
  private record Move(long fromBytes, long toBytes) {
    String from() {
      return new PageSize(fromBytes).toString();
    }

    String to() {
      return new PageSize(toBytes).toString();
    }

    String change() {
      return "default_hugepagesz=" + to();
    }
  }

  private static Optional<String> kernelWithoutNewSize(HostState host, Move move) {
    String sysfs = "/sys/kernel/mm/hugepages/hugepages-" + (move.toBytes() >> 10) + "kB";
    if (host.stat(sysfs).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(
        "this kernel has no "
            + move.to()
            + " huge pages ("
            + sysfs
            + " is missing): it would ignore "
            + move.change()
            + " at boot, and vm.nr_hugepages would count "
            + move.from()
            + " pages");
  }

  /**
   * The users of the default size: today's, and those a next boot that already has the new default
   * places in its pool (huge_page_size = 0 follows the default), sized in today's pages.
   */
  private static List<HugePageConsumer> defaultSizeUsers(
      HostState host, HugePageConsumers sources, Move move) {
    Set<String> namingTo = names(sources.namingSize(host, move.toBytes()));
    return Stream.concat(
            sources.all(host, move.fromBytes()).stream(),
            sources.all(host, move.toBytes()).stream().filter(c -> !namingTo.contains(c.name())))
        .toList();
  }

  private static Optional<String> strandedUsers(
      List<HugePageConsumer> today,
      List<HugePageConsumer> naming,
      List<HugePageConsumer> recorded,
      Predicate<HugePageConsumer> movesAlong,
      Move move) {
    Set<String> staying = names(naming);
    Set<String> found = names(today);
    // a recorded user no source finds (a declared one) cannot say which size it asks for, so it
    // counts as one that takes the default size: refused rather than dropped from the pool file
    List<HugePageConsumer> stranded =
        Stream.concat(today.stream(), recorded.stream().filter(c -> !found.contains(c.name())))
            .filter(c -> !staying.contains(c.name()) && !movesAlong.test(c))
            .toList();
    if (stranded.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        strands(move.fromBytes(), move.toBytes(), describe(stranded, move.fromBytes())));
  }

  /**
   * One that uses no huge pages today but takes the default size once switched on would be sized in
   * the old size by whichever task switches it on first: refused whatever the order.
   */
  private static Optional<String> defaultSizeTakers(
      HostState host, HugePageConsumers sources, Move move) {
    List<UnsizedConsumer> takers = sources.defaultSizeTakers(host);
    if (takers.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        move.change()
            + " would change the page size of "
            + takers.stream()
                .map(t -> t.name() + " (" + t.why() + ")")
                .collect(Collectors.joining("; "))
            + ": switched on, it would map "
            + move.to()
            + " pages sized as "
            + move.from()
            + " pages; name its size (huge_page_size = "
            + move.from()
            + "B keeps a "
            + move.from()
            + " pool on the kernel command line) before the default size moves");
  }

  /**
   * One whose size cannot be told now cannot be counted in either pool: at its next start it asks
   * for pages of the new size (huge_pages = on fails without them; try takes what the others' pool
   * holds, or falls back), or of the old size, whose kept pair would not count it.
   */
  private static Optional<String> unknownSizes(
      HostState host, HugePageConsumers sources, Move move) {
    List<UnsizedConsumer> unknown = sources.unsized(host, move.fromBytes());
    if (unknown.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        move.change()
            + " needs every user of the "
            + move.from()
            + " pages counted, and the size of "
            + unknown.stream()
                .map(u -> u.name() + " is not known (" + u.why() + ")")
                .collect(Collectors.joining("; "))
            + ": at its next start it would take "
            + move.to()
            + " pages no pool counts, out of the pool the others need, or fail without them;"
            + " start it once so that its size can be read before the default size moves");
  }

  /** Pages in use today beyond what the users found account for belong to users nobody named. */
  private static Optional<String> unnamedUsers(
      HostState host, List<HugePageConsumer> today, Move move) {
    Meminfo mem = host.fact(Meminfo.PAGES);
    long inUse = HugePagesInUse.pages(mem).orElse(0);
    long known = today.stream().mapToLong(c -> c.pages(move.fromBytes())).sum();
    if (inUse <= known) {
      return Optional.empty();
    }
    return Optional.of(
        move.change()
            + " would take the "
            + move.from()
            + " pool from users pagetune cannot name: "
            + HugePagesInUse.describe(mem)
            + ", of which "
            + known
            + " by "
            + (today.isEmpty() ? "no user found" : describe(today, move.fromBytes()))
            + "; find the others (Hugetlb in /proc/<pid>/smaps) and name their page size");
  }

  /** The old size's pool, sized for the users that name it, kept beside the new default. */
  private static DefaultSizeChange keptPool(
      HostState host,
      List<HugePageConsumer> naming,
      Move move,
      double maxShareOfRam,
      long memTotalBytes) {
    PoolOutcome kept =
        PoolPlan.plan(
            host,
            HugePageConsumers.none(),
            move.fromBytes(),
            new PoolPlan.Request(
                List.of(),
                List.of(),
                naming,
                "",
                maxShareOfRam,
                memTotalBytes,
                new HugePagePool.Live(0, 0, 0),
                false));
    if (kept instanceof PoolOutcome.Refused r) {
      return refused(
          "the " + move.from() + " pool kept beside " + move.change() + ": " + r.reason());
    }
    return new DefaultSizeChange(Optional.of((PoolPlan) kept), Optional.empty());
  }

  /**
   * Why a move of the default size from {@code fromBytes} to {@code toBytes} strands {@code who}, a
   * user of the default size that does not name its size: it would ask for pages of the new size at
   * its next start, sized in pages of the old.
   */
  public static String strands(long fromBytes, long toBytes, String who) {
    String from = new PageSize(fromBytes).toString();
    String to = new PageSize(toBytes).toString();
    return "default_hugepagesz="
        + to
        + " would move "
        + who
        + " to "
        + to
        + " pages at the next start: it uses the default "
        + from
        + " pages today without naming its size; name it (e.g."
        + " -XX:LargePageSizeInBytes=2m, huge_page_size = 2MB) so that its "
        + from
        + " pool is kept on the kernel command line";
  }

  private static Set<String> names(List<HugePageConsumer> consumers) {
    return consumers.stream().map(HugePageConsumer::name).collect(Collectors.toSet());
  }

  private static String describe(List<HugePageConsumer> consumers, long pageBytes) {
    return consumers.stream().map(c -> c.describe(pageBytes)).collect(Collectors.joining("; "));
  }
}
