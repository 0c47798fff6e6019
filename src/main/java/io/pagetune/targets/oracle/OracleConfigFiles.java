package io.pagetune.targets.oracle;

import io.pagetune.facts.BaseFacts;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.MemlockPersistence;
import io.pagetune.linux.MemlockRecommendation;
import io.pagetune.linux.MemlockStart;
import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.ThpMode;
import io.pagetune.linux.UnitMemlockPersistence;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.pages.HostFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What an Oracle host's next boot, login and service start must get, as file edits: the pool and
 * the shm group in the sysctl file (by the sysctl precedence rules), the memlock in a limits.d file
 * for the users nothing else gives enough, a {@code LimitMEMLOCK=} drop-in for those a systemd unit
 * starts, and the kernel command line ({@link KernelParams}).
 *
 * @param planned the desired values, as the plan's data and the templates see them
 * @param memlock the memlock each consumer needs
 * @param policy the THP mode the release asks for
 * @param thp the THP mode now
 * @param sysctl the sysctl edits and what boot applies before and after
 * @param limits the limits.d edits and what each user gets at login
 * @param kernel the kernel command line edits
 * @param unitEdits the systemd drop-ins
 * @param keptDefault the old default size's pool, kept beside a 1 GiB default
 */
record OracleConfigFiles(
    Map<String, Object> planned,
    MemlockRecommendation memlock,
    ThpPolicy policy,
    ThpMode thp,
    SysctlPersistence.Result sysctl,
    MemlockPersistence.Result limits,
    KernelParams kernel,
    List<FileEdit> unitEdits,
    Optional<PoolPlan> keptDefault) {
  OracleConfigFiles {
    planned = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(planned));
    unitEdits = List.copyOf(unitEdits);
  }

  static OracleConfigFiles plan(
      ModuleCall call,
      HostState host,
      OracleRequest req,
      OraclePoolSizing pool,
      ShmGroupChoice group,
      HostFiles.Text sysctlNow,
      Optional<PoolPlan> keptDefault) {
    Args args = call.args();
    LinuxBootConfig boot = host.fact(OracleFacts.BOOT_CONFIG);
    long pages = pool.pages();
    MemlockRecommendation memlock = req.planner().memlock(pages * req.pageBytes(), req.memTotal());
    ThpPolicy policy = thpPolicy(args, host);
    String limitsPath = args.string("limits_file");
    Map<String, Set<String>> consumerGroups = consumerGroups(group);
    // only users that nothing else gives more get a line: a larger or unlimited memlock stays
    List<String> memlockUsers =
        MemlockPersistence.usersNeedingLines(
            boot.limits(), consumerGroups, limitsPath, memlock.kb());
    Map<String, Object> planned = planned(args, req, pool, group, memlock, memlockUsers, policy);

    String sysctlText =
        pool.pool()
            .withRecords(
                rendered(call, "sysctl_template", planned).orElseGet(() -> sysctlText(planned)));
    HostFiles.Text limitsNow = HostFiles.readOrEmpty(host, limitsPath);
    String limitsRendered =
        rendered(call, "limits_template", planned).orElseGet(() -> limitsText(planned));
    for (HostFiles.Text t : List.of(sysctlNow, limitsNow)) {
      if (t.problem().isPresent()) {
        throw new OracleRefusal(t.problem().get());
      }
    }
    SysctlPersistence.Result sysctl =
        sysctlFile(
            boot, args.string("sysctl_file"), sysctlNow.text().get(), sysctlText, pages, group);
    MemlockPersistence.Result limits =
        limitsFile(
            host,
            boot,
            consumerGroups,
            limitsPath,
            limitsNow.text().get(),
            limitsRendered,
            memlockUsers,
            memlock.kb());
    ThpMode thp = host.fact(OracleFacts.THP);
    KernelParams kernel = kernelLine(boot, thp, policy, req, pages, keptDefault);
    List<FileEdit> unitEdits = unitDropIns(host, group, memlock.kb());
    return new OracleConfigFiles(
        planned, memlock, policy, thp, sysctl, limits, kernel, unitEdits, keptDefault);
  }

  /** Each consumer with the groups it belongs to. */
  private static Map<String, Set<String>> consumerGroups(ShmGroupChoice group) {
    Map<String, Set<String>> consumerGroups = new LinkedHashMap<>();
    for (String c : group.consumers()) {
      consumerGroups.put(c, group.groups().of(c).map(UserGroups.Member::names).orElse(Set.of()));
    }
    return consumerGroups;
  }

  /** The desired values, as the plan's data and the templates see them. */
  private static Map<String, Object> planned(
      Args args,
      OracleRequest req,
      OraclePoolSizing pool,
      ShmGroupChoice group,
      MemlockRecommendation memlock,
      List<String> memlockUsers,
      ThpPolicy policy) {
    Map<String, Object> planned = new LinkedHashMap<>();
    planned.put("nr_hugepages", pool.pages());
    planned.put("page_bytes", req.pageBytes());
    planned.put("hugetlb_shm_group", group.gid());
    planned.put("oracle_user", args.string("oracle_user"));
    planned.put("consumers", group.consumers());
    planned.put("memlock_kb", memlock.kb());
    planned.put("memlock_reason", memlock.reason());
    planned.put("memlock_users", memlockUsers);
    planned.put("thp", policy.mode());
    planned.put("breakdown", pool.breakdown());
    planned.put("source", req.source());
    planned.put("pool_consumers", pool.extra().stream().map(HugePageConsumer::name).toList());
    return planned;
  }

  /** A file's text from the playbook's template, when the task names one. */
  private static Optional<String> rendered(
      ModuleCall call, String templateArg, Map<String, Object> planned) {
    return call.args()
        .optString(templateArg)
        .map(t -> call.services().renderTemplate(t, Map.of("hugepages", planned)));
  }

  /** The pool and the shm group in the sysctl file, by the sysctl precedence rules. */
  private static SysctlPersistence.Result sysctlFile(
      LinuxBootConfig boot,
      String path,
      String now,
      String desiredText,
      long pages,
      ShmGroupChoice group) {
    Map<String, String> desired = new LinkedHashMap<>();
    // the SGAs' size is the next boot's default: its pool is in sysctl (PoolBootPlaces), even where
    // the command line reserves it too
    desired.put(PoolFile.KEY, Long.toString(pages));
    desired.put(ShmGroupChoice.SHM_GROUP, group.gid());
    SysctlPersistence.Result sysctl =
        SysctlPersistence.plan(boot.sysctlBoot(), path, now, desiredText, desired);
    if (sysctl.refusal().isPresent()) {
      throw new OracleRefusal(sysctl.refusal().get());
    }
    return sysctl;
  }

  /** The memlock in a limits.d file for the users nothing else gives enough. */
  private static MemlockPersistence.Result limitsFile(
      HostState host,
      LinuxBootConfig boot,
      Map<String, Set<String>> consumerGroups,
      String path,
      String now,
      String rendered,
      List<String> memlockUsers,
      long memlockKb) {
    // no file of pagetune's own when no user needs a line from it
    String desiredText = memlockUsers.isEmpty() && host.stat(path).isEmpty() ? now : rendered;
    return MemlockPersistence.plan(
        boot.limits(), consumerGroups, path, now, desiredText, memlockKb);
  }

  /** The THP mode and a 1 GiB pool (with the old default's kept beside it) on the command line. */
  private static KernelParams kernelLine(
      LinuxBootConfig boot,
      ThpMode thp,
      ThpPolicy policy,
      OracleRequest req,
      long pages,
      Optional<PoolPlan> keptDefault) {
    // a kernel without THP needs nothing on its command line for it
    KernelParams kernel =
        KernelParams.plan(
            boot,
            thp.state() == ThpMode.State.COMPILED_OUT
                ? Optional.empty()
                : Optional.of(policy.mode()),
            req.places().commandLine() ? OptionalLong.of(pages) : OptionalLong.empty(),
            keptDefault);
    if (kernel.refusal().isPresent()) {
      throw new OracleRefusal(kernel.refusal().get());
    }
    return kernel;
  }

  /** A consumer started by a systemd unit gets its memlock from the unit, not from limits.conf. */
  private static List<FileEdit> unitDropIns(HostState host, ShmGroupChoice group, long memlockKb) {
    List<FileEdit> unitEdits = new ArrayList<>();
    for (String c : group.consumers()) {
      UnitMemlockPersistence.Result u =
          UnitMemlockPersistence.plan(host.fact(MemlockStart.fact(c)), memlockKb);
      if (u.refusal().isPresent()) {
        throw new OracleRefusal(u.refusal().get());
      }
      unitEdits.addAll(u.edits());
    }
    return unitEdits;
  }

  /** The configuration files' edits: sysctl, limits, boot loader (the drop-ins are apart). */
  List<FileEdit> configEdits() {
    List<FileEdit> edits = new ArrayList<>(sysctl.edits());
    edits.addAll(limits.edits());
    edits.addAll(kernel.bootEdits());
    return edits;
  }

  private static ThpPolicy thpPolicy(Args args, HostState host) {
    Optional<String> explicit = args.optString("thp");
    if (explicit.isPresent()) {
      return new ThpPolicy(explicit.get(), "set by the playbook");
    }
    String kernel = host.fact(BaseFacts.KERNEL);
    return ThpPolicy.forOracle((int) args.integer("oracle_release"), kernel == null ? "" : kernel);
  }

  static String sysctlText(Map<String, Object> p) {
    return PoolFile.text(
        "oracle_hugepages",
        List.of("HugePages pool for the Oracle SGA, from " + p.get("source")),
        ((Number) p.get("nr_hugepages")).longValue(),
        Map.of(ShmGroupChoice.SHM_GROUP, p.get("hugetlb_shm_group")));
  }

  static String limitsText(Map<String, Object> p) {
    StringBuilder out =
        new StringBuilder(
            "# Managed by pagetune (oracle_hugepages): memlock in kB, "
                + p.get("memlock_reason")
                + "\n");
    for (Object u : (List<?>) p.get("memlock_users")) {
      out.append(u).append(" soft memlock ").append(p.get("memlock_kb")).append("\n");
      out.append(u).append(" hard memlock ").append(p.get("memlock_kb")).append("\n");
    }
    return out.toString();
  }
}
