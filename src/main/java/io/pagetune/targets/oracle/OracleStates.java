package io.pagetune.targets.oracle;

import io.pagetune.linux.ConsumerMemlock;
import io.pagetune.linux.GiganticPool;
import io.pagetune.linux.MemlockLimits;
import io.pagetune.linux.MemlockStart;
import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.ThpMode;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.modules.HostState;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an Oracle host gets at its next boot (persisted) and has now (effective), one state per
 * setting: the pool, the shm group, each consumer's memlock (from the unit or the login that starts
 * it), the pool's other consumers, THP.
 */
final class OracleStates {
  private OracleStates() {}

  static List<PageState> of(
      HostState host,
      OracleRequest req,
      OraclePoolSizing pool,
      ShmGroupChoice group,
      OracleConfigFiles files,
      OracleLive live) {
    List<PageState> states = new ArrayList<>();
    PageState poolState = pool(req, pool, files, live);
    states.add(poolState);
    states.add(group(group, files, live));
    for (String c : group.consumers()) {
      states.add(memlock(host, c, files));
    }
    states.addAll(
        OraclePoolStates.consumers(
            pool.extra(), req.pageBytes(), poolState.persisted(), live.poolLive(), live.total()));
    files.keptDefault().ifPresent(k -> states.addAll(kept(k, files.kernel(), live)));
    states.add(thp(files));
    return states;
  }

  /**
   * The old default size's pool kept beside a 1 GiB default: persisted by its pair on the kernel
   * command line, effective while today's pool (still of that size) holds its users' pages.
   */
  private static List<PageState> kept(PoolPlan kept, KernelParams kernel, OracleLive live) {
    String page = kept.pageName();
    boolean persisted = kernel.hugepagesPersisted();
    boolean effective = live.total().orElse(0) >= kept.pages();
    List<String> reasons = new ArrayList<>(kept.breakdown());
    reasons.add(
        "default_hugepagesz=1G makes "
            + PoolFile.KEY
            + " count 1G pages: the "
            + page
            + " pool is reserved by the kernel command line (and is live in "
            + new GiganticPool(kept.pageBytes()).sysfsPath()
            + ")");
    List<PageState> out = new ArrayList<>();
    out.add(
        new PageState(
            "pool/hugepages-" + page,
            "hugepagesz=" + page + " hugepages=" + kept.pages() + " (kernel command line)",
            persisted,
            "next boot: " + kernel.nextBootDescription(),
            effective,
            "HugePages_Total=" + live.totalText() + " of " + page,
            !effective,
            reasons));
    out.addAll(
        OraclePoolStates.consumers(
            kept.consumers(), kept.pageBytes(), persisted, effective, live.total()));
    return out;
  }

  private static PageState pool(
      OracleRequest req, OraclePoolSizing pool, OracleConfigFiles files, OracleLive live) {
    long pages = pool.pages();
    long defaultPage = req.defaultPage();
    KernelParams kernel = files.kernel();
    SysctlPersistence.BootValue poolBoot = files.sysctl().before().get(PoolFile.KEY);
    List<String> reasons = new ArrayList<>(pool.notes());
    files.sysctl().notes().stream().filter(n -> n.startsWith(PoolFile.KEY)).forEach(reasons::add);
    reasons.addAll(kernel.poolNotes());
    boolean persisted =
        poolBoot.value().equals(Long.toString(pages))
            && (!req.places().commandLine() || kernel.hugepagesPersisted());
    if (!live.poolLive()) {
      reasons.add(
          "HugePages_Total is "
              + live.totalText()
              + " of "
              + new PageSize(defaultPage > 0 ? defaultPage : 4096)
              + (req.gigantic()
                  ? "; 1G pages are reserved at boot from the kernel command line"
                  : " until a reboot (or runtime: true)"));
    }
    return new PageState(
        "oracle/hugepages",
        PoolFile.KEY + "=" + pages + " (" + req.pageName() + " pages)",
        persisted,
        poolBoot.describe()
            + (req.gigantic() ? "; next boot: " + kernel.nextBootDescription() : ""),
        live.poolLive(),
        "HugePages_Total="
            + live.totalText()
            + (defaultPage > 0 ? " of " + new PageSize(defaultPage) : ""),
        !live.poolLive(),
        reasons);
  }

  private static PageState group(ShmGroupChoice group, OracleConfigFiles files, OracleLive live) {
    String gid = group.gid();
    SysctlPersistence.BootValue groupBoot = files.sysctl().before().get(ShmGroupChoice.SHM_GROUP);
    List<String> reasons = new ArrayList<>();
    files.sysctl().notes().stream()
        .filter(n -> n.startsWith(ShmGroupChoice.SHM_GROUP))
        .forEach(reasons::add);
    reasons.add("admits " + String.join(", ", group.consumers()));
    boolean groupLive = live.group().equals(gid);
    return new PageState(
        "oracle/hugetlb_shm_group",
        "vm.hugetlb_shm_group=" + gid,
        groupBoot.value().equals(gid),
        groupBoot.describe(),
        groupLive,
        "vm.hugetlb_shm_group=" + live.group(),
        !groupLive,
        reasons);
  }

  /** The starter decides: a systemd unit (no pam_limits without PAMName=) or a login. */
  private static PageState memlock(HostState host, String user, OracleConfigFiles files) {
    long kb = files.memlock().kb();
    ConsumerMemlock m =
        ConsumerMemlock.judge(
            host.fact(MemlockStart.fact(user)),
            files.limits().before().get(user),
            kb,
            () -> host.fact(MemlockLimits.ulimitFact(user)));
    List<String> reasons = new ArrayList<>(files.limits().notes().get(user));
    reasons.addAll(m.reasons());
    return new PageState(
        "oracle/memlock/" + user,
        "memlock >= " + kb + " kB",
        m.persisted(),
        m.persistedValue(),
        m.effective(),
        m.effectiveValue(),
        !m.effective(),
        reasons);
  }

  private static PageState thp(OracleConfigFiles files) {
    ThpMode thp = files.thp();
    ThpPolicy policy = files.policy();
    boolean thpLive = thp.is(policy.mode()) || thp.state() == ThpMode.State.COMPILED_OUT;
    List<String> reasons = new ArrayList<>(List.of(policy.reason()));
    reasons.addAll(files.kernel().notes());
    return new PageState(
        "oracle/thp",
        "transparent_hugepage=" + policy.mode(),
        files.kernel().thpPersisted(),
        files.kernel().thpBootDescription(),
        thpLive,
        activeThp(thp),
        !thpLive,
        reasons);
  }

  /** The active THP mode, or why there is none ({@code compiled_out}, {@code unreadable}). */
  static String activeThp(ThpMode thp) {
    return thp.active().orElse(thp.state().name().toLowerCase(Locale.ROOT));
  }
}
