package io.pagetune.targets.oracle;

import io.pagetune.linux.BootReservation;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.HugePagePool;
import io.pagetune.linux.HugePagesSizing;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.PoolOutcome;
import io.pagetune.linux.PoolPlan;
import io.pagetune.modules.HostState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Oracle's view of the host's one pool: its instances (declared SGAs or running segments) as the
 * module's own consumers of the {@link PoolPlan}, the pool's other users beside them, and the pool
 * raised to what the kernel command line reserves at boot.
 *
 * @param pages the pool in pages
 * @param pool the host's pool as every module plans it
 * @param extra the pool's consumers that are not this module's own instances or segments
 * @param breakdown Oracle's lines, then one per other consumer and the floors that apply
 * @param notes why the pool differs from the sum of its consumers
 */
record OraclePoolSizing(
    long pages,
    PoolPlan pool,
    List<HugePageConsumer> extra,
    List<String> breakdown,
    List<String> notes) {
  OraclePoolSizing {
    extra = List.copyOf(extra);
    breakdown = List.copyOf(breakdown);
    notes = List.copyOf(notes);
  }

  /**
   * The module's own part of the pool: Oracle's sizing (its breakdown leads the pool's), its
   * declared instances and the running segments.
   */
  record Own(
      HugePagesSizing.Sized sized,
      List<HugePageConsumer> instances,
      List<HugePageConsumer> segments) {
    Own {
      instances = List.copyOf(instances);
      segments = List.copyOf(segments);
    }

    /** What the module brings to the host's {@link PoolPlan}. */
    PoolPlan.Request request(OracleRequest req, String poolFile, Meminfo mem) {
      return new PoolPlan.Request(
          req.poolDeclared(),
          instances,
          segments,
          poolFile,
          req.planner().maxShareOfRam(),
          req.memTotal(),
          new HugePagePool.Live(
              mem.hugePagesTotal().orElse(0),
              mem.hugePagesFree().orElse(0),
              mem.hugePagesRsvd().orElse(0)),
          req.pageBytes() == req.defaultPage());
    }
  }

  /** Oracle's own consumers: the declared SGAs, or the running segments by Oracle's rule. */
  static Own own(OracleRequest req, String oracleUser, HostState host) {
    HugePagesPlanner planner = req.planner();
    long pageBytes = req.pageBytes();
    HugePagesSizing sizing =
        req.fromSga() && req.ownInstances().isEmpty()
            ? new HugePagesSizing.Sized(0, pageBytes, List.of())
            : req.fromSga()
                ? planner.fromSga(req.ownInstances(), pageBytes, req.memTotal())
                : planner.fromSegments(host.fact(OracleFacts.IPCS), pageBytes, req.memTotal());
    if (sizing instanceof HugePagesSizing.Refused r) {
      throw new OracleRefusal(r.reason());
    }
    List<HugePageConsumer> instances =
        req.fromSga()
            ? OraclePool.instances(
                req.ownInstances(), planner.allowanceBytesPerInstance(), pageBytes, oracleUser)
            : List.of();
    return new Own(
        (HugePagesSizing.Sized) sizing,
        instances,
        new OracleConsumerSource().segments(host, pageBytes));
  }

  /** The host's pool as Oracle reports it, raised to what the kernel command line reserves. */
  static OraclePoolSizing of(
      OracleRequest req, Own own, PoolOutcome outcome, LinuxBootConfig boot) {
    if (outcome instanceof PoolOutcome.Refused r) {
      throw new OracleRefusal(r.reason());
    }
    PoolPlan pool = (PoolPlan) outcome;
    Set<String> oracleOwn = new HashSet<>();
    own.instances().forEach(c -> oracleOwn.add(c.name()));
    if (!req.fromSga()) {
      own.segments().forEach(c -> oracleOwn.add(c.name()));
    }
    List<HugePageConsumer> extra =
        pool.consumers().stream().filter(c -> !oracleOwn.contains(c.name())).toList();

    // the pool never shrinks below what is in use today (PoolPlan) or what boot reserves
    List<String> notes = new ArrayList<>(pool.notes());
    long pages = pool.pages();
    List<String> breakdown = new ArrayList<>(own.sized().breakdown());
    for (HugePageConsumer c : extra) {
      breakdown.add(c.describe(pool.pageBytes()));
    }
    pool.breakdown().stream().filter(l -> l.startsWith("in use today")).forEach(breakdown::add);
    long reserved = BootReservation.pages(boot, req.defaultPage(), req.pageBytes());
    if (reserved > pages) {
      notes.add(
          "kept "
              + reserved
              + " pages: the kernel command line reserves hugepages="
              + reserved
              + " of "
              + req.pageName()
              + " at boot, more than the "
              + pages
              + " sized");
      pages = reserved;
      breakdown.add("boot reservation: " + reserved);
    }
    return new OraclePoolSizing(pages, pool, extra, breakdown, notes);
  }
}
