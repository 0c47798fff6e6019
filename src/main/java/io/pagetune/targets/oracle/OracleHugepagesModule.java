package io.pagetune.targets.oracle;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.Fact;
import io.pagetune.linux.BootCmdline;
import io.pagetune.linux.ConsumerMemlock;
import io.pagetune.linux.DeclaredConsumers;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.linux.HugePagePool;
import io.pagetune.linux.HugePagesSizing;
import io.pagetune.linux.KernelCmdline;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.MemlockLimit;
import io.pagetune.linux.MemlockLimits;
import io.pagetune.linux.MemlockPersistence;
import io.pagetune.linux.MemlockRecommendation;
import io.pagetune.linux.MemlockStart;
import io.pagetune.linux.PoolOutcome;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.ThpMode;
import io.pagetune.linux.UnitMemlockPersistence;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.linux.sysctl.TunedProfile;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.StepRunner;
import io.pagetune.modules.pages.HostFiles;
import io.pagetune.modules.pages.Templated;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import io.pagetune.pages.ScriptFact;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code oracle_hugepages}: plans {@code vm.nr_hugepages} from the running shared memory segments
 * (Oracle's hugepages_settings.sh algorithm) or from declared SGA sizes, capped at a share of
 * MemTotal, plus the pool's other users ({@code hugepages_consumers}, the other targets' consumers
 * on the host); persists it with {@code vm.hugetlb_shm_group} in a sysctl.d file and the Oracle
 * user's memlock limits in a limits.d file; reports the THP mode against the release policy. With
 * {@code runtime: true} it also sets the pool live and reads it back: a short pool (fragmentation,
 * page cache) fails the task and asks for a reboot instead of reporting success.
 */
public final class OracleHugepagesModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.optional("instances", ArgType.LIST),
          Arg.optional("source", ArgType.STRING, "auto").choices("auto", "ipcs", "sga"),
          Arg.optional("max_memory_share", ArgType.STRING, "0.7"),
          Arg.optional("allowance_per_instance", ArgType.STRING, "8M"),
          Arg.optional("consumers", ArgType.LIST),
          Arg.optional("hugepages_consumers", ArgType.LIST),
          Arg.optional("page_size", ArgType.STRING),
          Arg.optional("oracle_user", ArgType.STRING, "oracle"),
          Arg.optional("oracle_group", ArgType.STRING),
          Arg.optional("oracle_release", ArgType.INT, 19),
          Arg.optional("thp", ArgType.STRING),
          Arg.optional("sysctl_file", ArgType.STRING, "/etc/sysctl.d/97-pagetune-hugepages.conf"),
          Arg.optional(
              "limits_file",
              ArgType.STRING,
              "/etc/security/limits.d/99-pagetune-oracle-memlock.conf"),
          Arg.optional("sysctl_template", ArgType.STRING),
          Arg.optional("limits_template", ArgType.STRING),
          Arg.optional("runtime", ArgType.BOOL, false),
          Arg.optional("backup", ArgType.BOOL, true));

  private final HugePageConsumers others;

  /** Sizes the pool for the Oracle instances and the declared consumers. */
  public OracleHugepagesModule() {
    this(HugePageConsumers.none());
  }

  /** Also counts what the other targets' sources in {@code others} find on the host. */
  public OracleHugepagesModule(HugePageConsumers others) {
    this.others = others;
  }

  @Override
  public String name() {
    return "oracle_hugepages";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    String share = args.string("max_memory_share");
    if (!Templated.is(share) && share(share).isEmpty()) {
      throw args.error("max_memory_share", "must be a number in (0, 1], got '" + share + "'");
    }
    for (String f : List.of("sysctl_file", "limits_file")) {
      String v = args.string(f);
      if (!Templated.is(v) && !v.startsWith("/")) {
        throw args.error(f, "must be an absolute path");
      }
    }
    if (args.optString("thp")
        .filter(t -> !Templated.is(t) && !t.matches("never|madvise|always"))
        .isPresent()) {
      throw args.error("thp", "must be never, madvise or always");
    }
  }

  private static Optional<Double> share(String s) {
    try {
      double d = Double.parseDouble(s.strip());
      return d > 0 && d <= 1 ? Optional.of(d) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The gid of the Oracle group: the named group, else the user's primary group. */
  static Fact<String> gidFact(String user, Optional<String> group) {
    String script =
        group.isPresent()
            ? "getent group " + ShellQuote.quote(group.get()) + " | cut -d: -f3"
            : "id -g " + ShellQuote.quote(user);
    return new ScriptFact<>(
        "pages_gid_" + user + "_" + group.orElse(""),
        script,
        r -> r.exitCode() == 0 && r.stdout().strip().matches("\\d+") ? r.stdout().strip() : "");
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Meminfo mem = host.fact(OracleFacts.MEMINFO);
    Optional<Long> allowance = allowanceBytes(args.string("allowance_per_instance"));
    if (allowance.isEmpty()) {
      return Plan.failed(
          "oracle_hugepages: allowance_per_instance must be a size in bytes like 8M, got '"
              + args.string("allowance_per_instance")
              + "'");
    }
    HugePagesPlanner planner =
        new HugePagesPlanner(
            share(args.string("max_memory_share")).orElse(0.7), allowance.get(), 0.90);
    List<InstanceSga> declared;
    try {
      declared = instances(args);
    } catch (IllegalArgumentException e) {
      return Plan.failed("oracle_hugepages: " + e.getMessage());
    }
    long defaultPage = mem.hugepagesizeBytes().orElse(0);
    Optional<String> pageArg = args.optString("page_size");
    long pageBytes = defaultPage;
    if (pageArg.isPresent()) {
      Optional<PageSize> p = PageSize.parse(pageArg.get());
      if (p.isEmpty() || (p.get().bytes() != (2L << 20) && p.get().bytes() != (1L << 30))) {
        return Plan.failed(
            "oracle_hugepages: page_size must be 2M or 1G, got '" + pageArg.get() + "'");
      }
      pageBytes = p.get().bytes();
    }
    long memTotal = mem.memTotalBytes().orElse(0);
    String source = args.string("source");
    boolean fromSga = source.equals("sga") || (source.equals("auto") && !declared.isEmpty());
    List<HugePageConsumer> poolDeclared;
    try {
      poolDeclared = DeclaredConsumers.parse(args.raw("hugepages_consumers"));
    } catch (IllegalArgumentException e) {
      return Plan.failed("oracle_hugepages: hugepages_consumers: " + e.getMessage());
    }
    Set<String> declaredNames =
        poolDeclared.stream().map(HugePageConsumer::name).collect(Collectors.toSet());
    // an instance the playbook also declares as oracle/<sid> is sized by that declaration
    List<InstanceSga> ownInstances =
        declared.stream().filter(i -> !declaredNames.contains(OraclePool.consumerName(i))).toList();
    HugePagesSizing sizing =
        fromSga && ownInstances.isEmpty()
            ? new HugePagesSizing.Sized(0, pageBytes, List.of())
            : fromSga
                ? planner.fromSga(ownInstances, pageBytes, memTotal)
                : planner.fromSegments(host.fact(OracleFacts.IPCS), pageBytes, memTotal);
    if (sizing instanceof HugePagesSizing.Refused r) {
      return Plan.failed("oracle_hugepages: " + r.reason());
    }
    HugePagesSizing.Sized sized = (HugePagesSizing.Sized) sizing;
    String sysctlPath = args.string("sysctl_file");
    HostFiles.Text sysctlNow = HostFiles.readOrEmpty(host, sysctlPath);
    List<HugePageConsumer> ownInstancePool =
        fromSga
            ? OraclePool.instances(
                ownInstances,
                planner.allowanceBytesPerInstance(),
                pageBytes,
                args.string("oracle_user"))
            : List.of();
    List<HugePageConsumer> segments = new OracleConsumerSource().segments(host, pageBytes);
    // the host's one pool: the same plan whichever module or loop item makes it
    PoolOutcome outcome =
        PoolPlan.plan(
            host,
            others,
            pageBytes,
            new PoolPlan.Request(
                poolDeclared,
                ownInstancePool,
                segments,
                sysctlNow.text().orElse(""),
                planner.maxShareOfRam(),
                memTotal,
                new HugePagePool.Live(
                    mem.hugePagesTotal().orElse(0),
                    mem.hugePagesFree().orElse(0),
                    mem.hugePagesRsvd().orElse(0)),
                pageBytes == defaultPage));
    if (outcome instanceof PoolOutcome.Refused r) {
      return Plan.failed("oracle_hugepages: " + r.reason());
    }
    PoolPlan pool = (PoolPlan) outcome;
    Set<String> oracleOwn = new HashSet<>();
    ownInstancePool.forEach(c -> oracleOwn.add(c.name()));
    if (!fromSga) {
      segments.forEach(c -> oracleOwn.add(c.name()));
    }
    List<HugePageConsumer> extra =
        pool.consumers().stream().filter(c -> !oracleOwn.contains(c.name())).toList();
    LinuxBootConfig boot = host.fact(OracleFacts.BOOT_CONFIG);
    boolean gigantic = pageBytes == (1L << 30);
    String pageName = new PageSize(pageBytes).toString();

    // the pool never shrinks below what is in use today (PoolPlan) or what boot reserves
    List<String> poolNotes = new ArrayList<>(pool.notes());
    long pages = pool.pages();
    List<String> breakdown = new ArrayList<>(sized.breakdown());
    for (HugePageConsumer c : extra) {
      breakdown.add(c.describe(pool.pageBytes()));
    }
    pool.breakdown().stream().filter(l -> l.startsWith("in use today")).forEach(breakdown::add);
    long reserved = 0;
    for (KernelCmdline line : BootCmdline.nextBoot(boot)) {
      reserved =
          Math.max(
              reserved, BootCmdline.reservations(line, defaultPage).getOrDefault(pageBytes, 0L));
    }
    reserved =
        Math.max(
            reserved,
            BootCmdline.reservations(boot.running(), defaultPage).getOrDefault(pageBytes, 0L));
    if (reserved > pages) {
      poolNotes.add(
          "kept "
              + reserved
              + " pages: the kernel command line reserves hugepages="
              + reserved
              + " of "
              + pageName
              + " at boot, more than the "
              + pages
              + " sized");
      pages = reserved;
      breakdown.add("boot reservation: " + reserved);
    }

    List<String> consumers =
        OraclePool.segmentOwners(consumers(args), host.fact(OracleFacts.IPCS), defaultPage);
    UserGroups groups = host.fact(UserGroups.fact(consumers));
    Optional<String> named = args.optString("oracle_group");
    String gid;
    if (named.isPresent()) {
      gid = host.fact(gidFact(args.string("oracle_user"), named));
      if (gid.isEmpty()) {
        return Plan.failed("oracle_hugepages: cannot find the gid of group " + named.get());
      }
      List<String> outside = groups.notMembers(consumers, gid);
      if (!outside.isEmpty()) {
        return Plan.failed(
            "oracle_hugepages: vm.hugetlb_shm_group "
                + gid
                + " ("
                + named.get()
                + ") would not admit "
                + String.join(", ", outside)
                + ", who own(s) huge-page consumers; add them to the group or name another");
      }
    } else {
      Optional<String> persistedGid =
          SysctlPersistence.bootValue(
                  boot.sysctl(),
                  boot.tunedProfile(),
                  TunedProfile.reapplySysctl(boot.tunedMain()),
                  SHM_GROUP)
              .assignment()
              .map(a -> a.value());
      // a group already configured that admits every consumer stays
      Optional<String> keep =
          persistedGid.filter(g -> g.matches("\\d+") && groups.notMembers(consumers, g).isEmpty());
      Optional<String> common =
          keep.isPresent()
              ? keep
              : groups.commonGid(
                  consumers,
                  groups.of(args.string("oracle_user")).map(UserGroups.Member::primaryGid));
      List<String> unknown = consumers.stream().filter(u -> groups.of(u).isEmpty()).toList();
      if (!unknown.isEmpty()) {
        return Plan.failed(
            "oracle_hugepages: cannot read the groups of "
                + String.join(", ", unknown)
                + " (id fails: no such user?)");
      }
      if (common.isEmpty()) {
        return Plan.failed(
            "oracle_hugepages: "
                + String.join(" and ", consumers)
                + " share no group for vm.hugetlb_shm_group ("
                + consumers.stream()
                    .map(
                        u ->
                            u
                                + ": "
                                + groups
                                    .of(u)
                                    .map(m -> String.join(",", m.gids()))
                                    .orElse("no such user"))
                    .collect(java.util.stream.Collectors.joining("; "))
                + "); set oracle_group to a group all of them are in");
      }
      gid = common.get();
    }

    String user = args.string("oracle_user");
    MemlockRecommendation memlock = planner.memlock(pages * pageBytes, memTotal);
    ThpPolicy policy = thpPolicy(args, host);

    Map<String, Object> planned = new LinkedHashMap<>();
    planned.put("nr_hugepages", pages);
    planned.put("page_bytes", pageBytes);
    planned.put("hugetlb_shm_group", gid);
    planned.put("oracle_user", user);
    planned.put("consumers", consumers);
    planned.put("memlock_kb", memlock.kb());
    planned.put("memlock_reason", memlock.reason());
    String limitsPath = args.string("limits_file");
    Map<String, Set<String>> consumerGroups = new LinkedHashMap<>();
    for (String c : consumers) {
      consumerGroups.put(c, groups.of(c).map(UserGroups.Member::names).orElse(Set.of()));
    }
    // only users that nothing else gives more get a line: a larger or unlimited memlock stays
    List<String> memlockUsers =
        MemlockPersistence.usersNeedingLines(
            boot.limits(), consumerGroups, limitsPath, memlock.kb());
    planned.put("memlock_users", memlockUsers);
    planned.put("thp", policy.mode());
    planned.put("breakdown", breakdown);
    planned.put("source", fromSga ? "declared SGA sizes" : "ipcs -m segments");
    planned.put("pool_consumers", extra.stream().map(HugePageConsumer::name).toList());

    String sysctlText =
        pool.withRecords(
            args.optString("sysctl_template")
                .map(t -> call.services().renderTemplate(t, Map.of("hugepages", planned)))
                .orElseGet(() -> sysctlText(planned)));
    HostFiles.Text limitsNow = HostFiles.readOrEmpty(host, limitsPath);
    String limitsRendered =
        args.optString("limits_template")
            .map(t -> call.services().renderTemplate(t, Map.of("hugepages", planned)))
            .orElseGet(() -> limitsText(planned));
    for (HostFiles.Text t : List.of(sysctlNow, limitsNow)) {
      if (t.problem().isPresent()) {
        return Plan.failed("oracle_hugepages: " + t.problem().get());
      }
    }
    Map<String, String> desiredSysctl = new LinkedHashMap<>();
    // at 1 GiB the pool is reserved on the command line; the same count in sysctl keeps a leftover
    // assignment from overriding that reservation when sysctl runs later in the boot
    desiredSysctl.put(NR_HUGEPAGES, Long.toString(pages));
    desiredSysctl.put(SHM_GROUP, gid);
    SysctlPersistence.Result sysctl =
        SysctlPersistence.plan(
            boot.sysctlBoot(), sysctlPath, sysctlNow.text().get(), sysctlText, desiredSysctl);
    if (sysctl.refusal().isPresent()) {
      return Plan.failed("oracle_hugepages: " + sysctl.refusal().get());
    }
    // no file of pagetune's own when no user needs a line from it
    String limitsText =
        memlockUsers.isEmpty() && host.stat(limitsPath).isEmpty()
            ? limitsNow.text().get()
            : limitsRendered;
    MemlockPersistence.Result limits =
        MemlockPersistence.plan(
            boot.limits(),
            consumerGroups,
            limitsPath,
            limitsNow.text().get(),
            limitsText,
            memlock.kb());

    ThpMode thp = host.fact(OracleFacts.THP);
    // a kernel without THP needs nothing on its command line for it
    KernelParams kernel =
        KernelParams.plan(
            boot,
            thp.state() == ThpMode.State.COMPILED_OUT
                ? Optional.empty()
                : Optional.of(policy.mode()),
            gigantic ? OptionalLong.of(pages) : OptionalLong.empty());

    if (kernel.refusal().isPresent()) {
      return Plan.failed("oracle_hugepages: " + kernel.refusal().get());
    }
    List<Step> steps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    List<FileEdit> edits = new ArrayList<>(sysctl.edits());
    edits.addAll(limits.edits());
    edits.addAll(kernel.bootEdits());
    // a consumer started by a systemd unit gets its memlock from the unit, not from limits.conf
    List<FileEdit> unitEdits = new ArrayList<>();
    for (String c : consumers) {
      UnitMemlockPersistence.Result u =
          UnitMemlockPersistence.plan(host.fact(MemlockStart.fact(c)), memlock.kb());
      if (u.refusal().isPresent()) {
        return Plan.failed("oracle_hugepages: " + u.refusal().get());
      }
      unitEdits.addAll(u.edits());
    }
    Set<String> dropInDirs = new java.util.TreeSet<>();
    unitEdits.forEach(e -> dropInDirs.add(e.path().substring(0, e.path().lastIndexOf('/'))));
    for (String dir : dropInDirs) {
      if (host.stat(dir).isEmpty()) {
        steps.add(
            Step.Exec.of(RemoteCommand.argv("mkdir", "-p", "--", dir), "create directory " + dir));
      }
    }
    edits.addAll(unitEdits);
    for (FileEdit e : edits) {
      boolean own =
          e.path().equals(sysctlPath) || e.path().equals(limitsPath) || e.before().isEmpty();
      steps.add(
          new Step.Put(
              e.path(),
              e.after().getBytes(StandardCharsets.UTF_8),
              own ? Integer.valueOf(0644) : null,
              null,
              null,
              args.bool("backup") && host.stat(e.path()).isPresent()));
      diffs.add(new FileDiff(e.path(), e.before(), e.after()));
    }
    if (!unitEdits.isEmpty()) {
      // systemd reads a changed drop-in only after a reload; the next start then gets it
      steps.add(
          Step.Exec.of(
              RemoteCommand.argv("systemctl", "daemon-reload"),
              "reload systemd's unit files (LimitMEMLOCK)"));
    }

    OptionalLong total = mem.hugePagesTotal();
    boolean poolLive = pageBytes == defaultPage && total.isPresent() && total.getAsLong() == pages;
    boolean runtime = args.bool("runtime");
    String liveGroup = boot.liveShmGroup().orElse("unknown");
    boolean setsPoolLive = false;
    if (runtime && !gigantic && (!poolLive || !liveGroup.equals(gid))) {
      steps.add(
          Step.Exec.of(
              RemoteCommand.argv("sysctl", "-w", "vm.hugetlb_shm_group=" + gid),
              "set vm.hugetlb_shm_group=" + gid + " live"));
      if (!poolLive) {
        setsPoolLive = true;
        steps.add(
            Step.Exec.of(
                RemoteCommand.argv("sysctl", "-w", "vm.nr_hugepages=" + pages),
                "set vm.nr_hugepages=" + pages + " live"));
      }
    }

    List<PageState> states = new ArrayList<>();
    SysctlPersistence.BootValue poolBoot = sysctl.before().get(NR_HUGEPAGES);
    List<String> poolReasons = new ArrayList<>(poolNotes);
    sysctl.notes().stream().filter(n -> n.startsWith(NR_HUGEPAGES)).forEach(poolReasons::add);
    poolReasons.addAll(kernel.poolNotes());
    boolean poolPersisted =
        poolBoot.value().equals(Long.toString(pages)) && (!gigantic || kernel.hugepagesPersisted());
    if (!poolLive) {
      poolReasons.add(
          "HugePages_Total is "
              + (total.isPresent() ? total.getAsLong() : "unknown")
              + " of "
              + new PageSize(defaultPage > 0 ? defaultPage : 4096)
              + (gigantic
                  ? "; 1G pages are reserved at boot from the kernel command line"
                  : " until a reboot (or runtime: true)"));
    }
    states.add(
        new PageState(
            "oracle/hugepages",
            "vm.nr_hugepages=" + pages + " (" + pageName + " pages)",
            poolPersisted,
            poolBoot.describe() + (gigantic ? "; next boot: " + kernel.nextBootDescription() : ""),
            poolLive,
            "HugePages_Total="
                + (total.isPresent() ? total.getAsLong() : "unknown")
                + (defaultPage > 0 ? " of " + new PageSize(defaultPage) : ""),
            !poolLive,
            poolReasons));
    SysctlPersistence.BootValue groupBoot = sysctl.before().get(SHM_GROUP);
    List<String> groupReasons = new ArrayList<>();
    sysctl.notes().stream().filter(n -> n.startsWith(SHM_GROUP)).forEach(groupReasons::add);
    groupReasons.add("admits " + String.join(", ", consumers));
    boolean groupLive = liveGroup.equals(gid);
    states.add(
        new PageState(
            "oracle/hugetlb_shm_group",
            "vm.hugetlb_shm_group=" + gid,
            groupBoot.value().equals(gid),
            groupBoot.describe(),
            groupLive,
            "vm.hugetlb_shm_group=" + liveGroup,
            !groupLive,
            groupReasons));
    for (String c : consumers) {
      // the starter decides: a systemd unit (no pam_limits without PAMName=) or a login
      ConsumerMemlock m =
          ConsumerMemlock.judge(
              host.fact(MemlockStart.fact(c)),
              limits.before().get(c),
              memlock.kb(),
              () -> host.fact(MemlockLimits.ulimitFact(c)));
      List<String> memlockReasons = new ArrayList<>(limits.notes().get(c));
      memlockReasons.addAll(m.reasons());
      states.add(
          new PageState(
              "oracle/memlock/" + c,
              "memlock >= " + memlock.kb() + " kB",
              m.persisted(),
              m.persistedValue(),
              m.effective(),
              m.effectiveValue(),
              !m.effective(),
              memlockReasons));
    }
    OraclePoolStates.consumers(extra, pageBytes, poolPersisted, poolLive, total)
        .forEach(states::add);
    boolean thpLive = thp.is(policy.mode()) || thp.state() == ThpMode.State.COMPILED_OUT;
    List<String> thpReasons = new ArrayList<>(List.of(policy.reason()));
    thpReasons.addAll(kernel.notes());
    states.add(
        new PageState(
            "oracle/thp",
            "transparent_hugepage=" + policy.mode(),
            kernel.thpPersisted(),
            kernel.thpBootDescription(),
            thpLive,
            thp.active().orElse(thp.state().name().toLowerCase(java.util.Locale.ROOT)),
            !thpLive,
            thpReasons));

    boolean persisted = states.stream().allMatch(PageState::persisted);
    boolean effective = states.stream().allMatch(PageState::effective);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("desired", planned);
    data.put("persisted", persisted);
    data.put("effective", effective);
    data.put(
        "current",
        Map.of(
            "hugepages_total",
            total.isPresent() ? total.getAsLong() : "unknown",
            "thp",
            thp.active().orElse(thp.state().name().toLowerCase(java.util.Locale.ROOT))));
    data.put("boot", kernel.report());
    data.put("page_state", states.stream().map(PageState::toMap).toList());
    data.put("sets_pool_live", setsPoolLive);
    String thpNote =
        thp.active().isPresent() && !thp.is(policy.mode())
            ? "; THP is "
                + thp.active().get()
                + ", policy says "
                + policy.mode()
                + " ("
                + policy.reason()
                + ")"
            : "";
    data.put("pending_restart", !effective);
    List<String> how = new ArrayList<>(sysctl.notes());
    if (!limits.edits().isEmpty()) {
      limits.notes().values().forEach(how::addAll);
    }
    how.addAll(poolNotes);
    String summary =
        "vm.nr_hugepages = "
            + pages
            + (gigantic ? " of 1G" : "")
            + " ("
            + planned.get("source")
            + (extra.isEmpty() ? "" : "; the host's pool: " + String.join("; ", breakdown))
            + ")"
            + (how.isEmpty() ? "" : "; " + String.join("; ", how));
    if (steps.isEmpty()) {
      List<String> pending = new ArrayList<>();
      for (PageState st : states) {
        if (!st.effective()) {
          pending.add(st.target() + " is " + st.effectiveValue());
        }
      }
      String msg =
          summary
              + (effective
                  ? " persisted and live"
                  : " persisted; pending restart: HugePages_Total is "
                      + (total.isPresent() ? total.getAsLong() : "unknown")
                      + (poolLive ? "" : " until a reboot (or runtime: true)")
                      + (pending.isEmpty() ? "" : " (" + String.join("; ", pending) + ")"))
              + thpNote;
      data.put("msg", msg);
      return Plan.upToDate(msg, data);
    }
    if (!runtime || gigantic || !kernel.bootEdits().isEmpty()) {
      steps.add(
          new Step.RequestRestart(
              new RestartTarget(RestartTarget.REBOOT, host.host(), host.host()),
              !kernel.bootEdits().isEmpty()
                  ? "the kernel command line ("
                      + String.join(" ", kernel.params())
                      + ") applies at boot"
                  : "the pool of "
                      + pages
                      + " huge pages is allocated reliably at boot from "
                      + sysctlPath));
    }
    if (runtime) {
      for (InstanceSga i : declared) {
        steps.add(
            new Step.RequestRestart(
                new RestartTarget("db_instance", host.host(), i.instance()),
                "the SGA moves into huge pages when the instance starts"));
      }
    }
    data.put("msg", summary + thpNote);
    return Plan.of(steps, diffs).withData(data);
  }

  private static final String NR_HUGEPAGES = "vm.nr_hugepages";
  private static final String SHM_GROUP = "vm.hugetlb_shm_group";

  private static String describe(MemlockLimits l) {
    return "soft "
        + l.soft().map(MemlockLimit::toString).orElse("unknown")
        + ", hard "
        + l.hard().map(MemlockLimit::toString).orElse("unknown");
  }

  /** The OS users owning huge-page consumers: {@code consumers}, else the Oracle user. */
  static List<String> consumers(Args args) {
    List<String> out = new ArrayList<>();
    Object raw = args.raw("consumers");
    if (raw instanceof List<?> l) {
      l.forEach(o -> out.add(String.valueOf(o)));
    }
    if (!out.contains(args.string("oracle_user"))) {
      out.add(0, args.string("oracle_user"));
    }
    return out;
  }

  /** A size like {@code 8M}, or a byte count of at least 4096 (a page count would be too small). */
  static Optional<Long> allowanceBytes(String text) {
    String t = text.strip();
    if (t.equals("0")) {
      return Optional.of(0L);
    }
    if (t.matches("\\d+") && Long.parseLong(t) < 4096) {
      return Optional.empty();
    }
    return PageSize.parse(t).map(PageSize::bytes);
  }

  @Override
  public ApplyResult apply(Plan plan, ModuleCall call, StepRunner runner) {
    ApplyResult result = runner.run(plan, call);
    boolean setLive = Boolean.TRUE.equals(plan.data().get("sets_pool_live"));
    if (result.failure().isPresent() || !setLive) {
      return result;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> desired = (Map<String, Object>) plan.data().get("desired");
    long wanted = ((Number) desired.get("nr_hugepages")).longValue();
    CommandResult back = runner.query(RemoteCommand.argv("sysctl", "-n", "vm.nr_hugepages"), call);
    OptionalLong actual = OptionalLong.empty();
    if (back.ok() && back.stdout().strip().matches("\\d{1,18}")) {
      actual = OptionalLong.of(Long.parseLong(back.stdout().strip()));
    }
    HugePagesReadBack check = HugePagesReadBack.compare(wanted, actual);
    if (check.ok()) {
      // the limits files were just written: a fresh login shows what the memlock is now
      Map<String, MemlockLimits> logins = new LinkedHashMap<>();
      for (Object u : (List<?>) desired.get("consumers")) {
        Fact<MemlockLimits> loginFact = MemlockLimits.ulimitFact(String.valueOf(u));
        logins.put(
            String.valueOf(u),
            loginFact.parse(runner.query(RemoteCommand.script(loginFact.script()), call)));
      }
      long neededKb = ((Number) desired.get("memlock_kb")).longValue();
      List<Map<String, Object>> states = liveNow(plan.data().get("page_state"), logins, neededKb);
      boolean all = states.stream().allMatch(m -> Boolean.TRUE.equals(m.get("effective")));
      return result.withData(
          Map.of("effective", all, "pending_restart", !all, "page_state", states));
    }
    List<Step.RequestRestart> restarts = new ArrayList<>(result.restarts());
    Step.RequestRestart reboot =
        new Step.RequestRestart(
            new RestartTarget(RestartTarget.REBOOT, host(runner), host(runner)),
            "the live pool fell short; the sysctl file allocates it at boot");
    restarts.add(reboot);
    Map<String, Object> data = new LinkedHashMap<>(result.data());
    data.put("effective", false);
    data.put("pending_restart", true);
    data.put("live_nr_hugepages", actual.isPresent() ? actual.getAsLong() : "unknown");
    return new ApplyResult(
        result.changed(),
        result.commands(),
        restarts,
        result.backups(),
        data,
        Optional.of(check.message() + "; reboot requested"));
  }

  /** The plan's states once the pool and the group were set live and read back. */
  private static List<Map<String, Object>> liveNow(
      Object planned, Map<String, MemlockLimits> logins, long neededKb) {
    List<Map<String, Object>> out = new ArrayList<>();
    if (planned instanceof List<?> l) {
      for (Object o : l) {
        Map<String, Object> m = new LinkedHashMap<>();
        ((Map<?, ?>) o).forEach((k, v) -> m.put(String.valueOf(k), v));
        if (m.get("target").equals("oracle/hugepages")
            || m.get("target").equals("oracle/hugetlb_shm_group")) {
          // set live by this apply and read back
          m.put("effective_value", String.valueOf(m.get("desired")) + " (set live)");
          m.put("effective", true);
          m.put("pending_restart", false);
        }
        for (Map.Entry<String, MemlockLimits> login : logins.entrySet()) {
          if (m.get("target").equals("oracle/memlock/" + login.getKey())) {
            m.put("effective", login.getValue().atLeast(neededKb));
            m.put("effective_value", "su - " + login.getKey() + ": " + describe(login.getValue()));
            m.put("pending_restart", !login.getValue().atLeast(neededKb));
          }
        }
        out.add(m);
      }
    }
    return out;
  }

  private static String host(StepRunner runner) {
    return runner.connection().host();
  }

  private static ThpPolicy thpPolicy(Args args, HostState host) {
    Optional<String> explicit = args.optString("thp");
    if (explicit.isPresent()) {
      return new ThpPolicy(explicit.get(), "set by the playbook");
    }
    String kernel = host.fact(BaseFacts.KERNEL);
    return ThpPolicy.forOracle((int) args.integer("oracle_release"), kernel == null ? "" : kernel);
  }

  @SuppressWarnings("unchecked")
  static List<InstanceSga> instances(Args args) {
    Object raw = args.raw("instances");
    List<InstanceSga> out = new ArrayList<>();
    if (raw == null) {
      return out;
    }
    for (Object o : (List<Object>) raw) {
      if (!(o instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("each of instances needs sid and sga, got " + o);
      }
      Object sid = m.get("sid") != null ? m.get("sid") : m.get("name");
      Object sga = m.get("sga");
      if (sid == null || sga == null) {
        throw new IllegalArgumentException("each of instances needs sid and sga, got " + o);
      }
      Optional<PageSize> bytes = PageSize.parse(String.valueOf(sga));
      if (bytes.isEmpty()) {
        throw new IllegalArgumentException(
            "SGA of " + sid + " is not a size like 12G or a byte count: " + sga);
      }
      out.add(new InstanceSga(String.valueOf(sid), bytes.get().bytes()));
    }
    return out;
  }

  static String sysctlText(Map<String, Object> p) {
    return "# Managed by pagetune (oracle_hugepages); do not edit by hand.\n"
        + "# HugePages pool for the Oracle SGA, from "
        + p.get("source")
        + "\n"
        + "vm.nr_hugepages = "
        + p.get("nr_hugepages")
        + "\n"
        + "vm.hugetlb_shm_group = "
        + p.get("hugetlb_shm_group")
        + "\n";
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
