package io.pagetune.targets.postgres;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.linux.DeclaredConsumers;
import io.pagetune.linux.GiganticPool;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.linux.HugePagePool;
import io.pagetune.linux.PoolOutcome;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlAssignment;
import io.pagetune.linux.sysctl.SysctlBootFiles;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.linux.sysctl.SysctlPrecedence;
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
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code postgres_hugepages}: puts a PostgreSQL cluster's main shared memory into huge pages. It
 * sizes the host's one huge-page pool for the cluster plus the declared consumers ({@code
 * consumers}), the host's other clusters and what the other targets find (running Oracle SGAs),
 * persists {@code vm.nr_hugepages} by the sysctl precedence rules, sets the pool live and reads it
 * back, and only then sets {@code huge_pages} in {@code postgresql.auto.conf} (or, with {@code
 * pg_conf_method: conf.d}, in its own file under {@code conf.d}: {@link ConfDSetting}) and asks for
 * a restart of the cluster: a pool that reads back short fails the task before PostgreSQL is told
 * to insist on huge pages it could not get at start.
 *
 * <p>PostgreSQL maps its shared memory with {@code mmap(MAP_HUGETLB)}, which neither {@code
 * vm.hugetlb_shm_group} nor the memlock limit governs (both apply to System V {@code SHM_HUGETLB}
 * segments, Oracle's kind), so neither is planned here.
 */
public final class PostgresHugepagesModule implements Module {
  static final String RESTART_KIND = "postgres_cluster";

  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.required("data_dir", ArgType.STRING),
          Arg.optional("cluster", ArgType.STRING),
          Arg.optional("bindir", ArgType.STRING, ""),
          Arg.optional("huge_pages", ArgType.STRING, "on").choices("on", "try"),
          Arg.optional("pg_conf_method", ArgType.STRING, "auto").choices("auto", "conf.d"),
          Arg.optional("consumers", ArgType.LIST),
          Arg.optional("max_memory_share", ArgType.STRING, "0.7"),
          Arg.optional("sysctl_file", ArgType.STRING, "/etc/sysctl.d/97-pagetune-hugepages.conf"),
          Arg.optional("sysctl_template", ArgType.STRING),
          Arg.optional("runtime", ArgType.BOOL, true),
          Arg.optional("backup", ArgType.BOOL, true));

  private final HugePageConsumers others;

  /** Sizes the pool for this cluster, the host's other clusters and the declared consumers. */
  public PostgresHugepagesModule() {
    this(HugePageConsumers.none());
  }

  /** Also counts what the other targets' sources in {@code others} find on the host. */
  public PostgresHugepagesModule(HugePageConsumers others) {
    this.others = others;
  }

  @Override
  public String name() {
    return "postgres_hugepages";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    for (String f : List.of("data_dir", "sysctl_file")) {
      String v = args.string(f);
      if (!Templated.is(v) && !v.startsWith("/")) {
        throw args.error(f, "must be an absolute path");
      }
    }
    String share = args.string("max_memory_share");
    if (!Templated.is(share) && share(share).isEmpty()) {
      throw args.error("max_memory_share", "must be a number in (0, 1], got '" + share + "'");
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

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String dataDir = stripSlash(args.string("data_dir"));
    String cluster = args.optString("cluster").orElse(dataDir);
    // a cluster systemd runs (RHEL, PGDG) restarts through its unit, with the unit's binaries
    Optional<PgCluster> unitRun =
        host.fact(PostgresFacts.CLUSTERS).stream()
            .filter(c -> !c.unit().isEmpty() && c.dataDirectory().equals(dataDir))
            .findFirst();
    String bindir =
        args.string("bindir").isEmpty()
            ? unitRun.map(PgCluster::bindir).orElse("")
            : args.string("bindir");
    PgClusterState pg = host.fact(PgClusterState.fact(dataDir, bindir));
    if (pg.problem().isPresent()) {
      return Plan.failed("postgres_hugepages: " + cluster + ": " + pg.problem().get());
    }
    // the settings the next start reads, as the server reads them, are what the pool is for
    PgStartFiles startFiles = PgStartFiles.of(host, configDir(host, dataDir, pg), dataDir, unitRun);
    PgSettings next = startFiles.read(host, Map.of());
    Optional<String> unreadable = next.error().or(() -> PgSizingDrift.of(next, pg));
    if (unreadable.isPresent()) {
      return Plan.failed("postgres_hugepages: " + cluster + ": " + unreadable.get());
    }
    long pageKb = pg.meminfo("Hugepagesize").orElse(0);
    if (pageKb <= 0) {
      return Plan.failed(
          "postgres_hugepages: Hugepagesize is missing from /proc/meminfo: this kernel has no huge"
              + " pages");
    }
    // a cluster that names its page size (huge_page_size) gets that size's pool, and
    // shared_memory_size_in_huge_pages counts pages of that size
    long pageBytes = PostgresConsumerSource.pageBytes(pg).orElse(pageKb << 10);
    boolean defaultPage = pageBytes == pageKb << 10;
    GiganticPool gigantic = new GiganticPool(pageBytes);
    Optional<PgSharedMemory> shm = PgSharedMemory.of(pg, pageBytes);
    if (shm.isEmpty()) {
      return Plan.failed("postgres_hugepages: " + cluster + ": " + PgSharedMemory.unknown(pg));
    }
    List<HugePageConsumer> declared;
    try {
      declared = DeclaredConsumers.parse(args.raw("consumers"));
    } catch (IllegalArgumentException e) {
      return Plan.failed("postgres_hugepages: " + e.getMessage());
    }
    String sysctlPath = args.string("sysctl_file");
    HostFiles.Text sysctlNow = HostFiles.readOrEmpty(host, sysctlPath);
    if (sysctlNow.problem().isPresent()) {
      return Plan.failed("postgres_hugepages: " + sysctlNow.problem().get());
    }
    long total = defaultPage ? pg.meminfo("HugePages_Total").orElse(0) : gigantic.live(host);
    // the host's one pool: this cluster counts even while huge_pages is still off (this run turns
    // it on), and the pool file records it for every other module and loop item
    PoolOutcome outcome =
        PoolPlan.plan(
            host,
            others,
            pageBytes,
            new PoolPlan.Request(
                declared,
                List.of(
                    new HugePageConsumer(
                        PostgresConsumerSource.name(cluster),
                        shm.get().bytes(),
                        shm.get().source(),
                        PostgresConsumerSource.namesOf(host, dataDir))),
                PostgresConsumerSource.discover(host, pageBytes, Optional.of(dataDir)),
                defaultPage ? sysctlNow.text().get() : "",
                share(args.string("max_memory_share")).orElse(0.7),
                pg.meminfo("MemTotal").orElse(0) << 10,
                new HugePagePool.Live(
                    total,
                    pg.meminfo("HugePages_Free").orElse(0),
                    pg.meminfo("HugePages_Rsvd").orElse(0)),
                defaultPage));
    if (outcome instanceof PoolOutcome.Refused r) {
      return Plan.failed("postgres_hugepages: " + r.reason());
    }
    PoolPlan pool = (PoolPlan) outcome;
    List<HugePageConsumer> consumers = pool.consumers();
    String page = new PageSize(pageBytes).toString();

    List<Step> poolSteps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    Map<String, Object> poolVars = new LinkedHashMap<>();
    poolVars.put("nr_hugepages", pool.pages());
    poolVars.put("page_size", page);
    poolVars.put("consumers", pool.breakdown());
    String sysctlRendered =
        args.optString("sysctl_template")
            .map(t -> call.services().renderTemplate(t, Map.of("pool", poolVars)))
            .orElseGet(() -> sysctlText(pool));
    String sysctlBefore = sysctlNow.text().get();
    String sysctlWanted =
        pool.withRecords(PoolSysctlFile.wanted(sysctlBefore, sysctlRendered, pool.pages()));
    // the sysctl precedence rules decide what boot applies, whichever module writes the pool
    SysctlPersistence.Result persistence =
        !defaultPage
            ? ownFileOnly(sysctlPath, sysctlBefore, sysctlBefore)
            : SysctlPrecedence.readAtBoot(sysctlPath)
                ? SysctlPersistence.plan(
                    host.fact(SysctlBootFiles.fact()),
                    sysctlPath,
                    sysctlBefore,
                    sysctlWanted,
                    Map.of(NR_HUGEPAGES, Long.toString(pool.pages())))
                : ownFileOnly(sysctlPath, sysctlBefore, sysctlWanted);
    if (persistence.refusal().isPresent()) {
      return Plan.failed("postgres_hugepages: " + persistence.refusal().get());
    }
    for (FileEdit e : persistence.edits()) {
      boolean own = e.path().equals(sysctlPath) || e.before().isEmpty();
      poolSteps.add(
          new Step.Put(
              e.path(),
              e.after().getBytes(StandardCharsets.UTF_8),
              own ? Integer.valueOf(0644) : null,
              null,
              null,
              args.bool("backup") && host.stat(e.path()).isPresent()));
      diffs.add(new FileDiff(e.path(), e.before(), e.after()));
    }
    SysctlPersistence.BootValue poolBoot = persistence.before().get(NR_HUGEPAGES);
    boolean poolLive = total == pool.pages();
    boolean setsPoolLive = args.bool("runtime") && !poolLive;
    if (setsPoolLive) {
      poolSteps.add(
          defaultPage
              ? Step.Exec.of(
                  RemoteCommand.argv("sysctl", "-w", "vm.nr_hugepages=" + pool.pages()),
                  "set vm.nr_hugepages=" + pool.pages() + " live")
              : gigantic.setLive(pool.pages()));
    }

    String wantedMode = args.string("huge_pages");
    // the settings as the server reads them: includes, postgresql.auto.conf, its command line
    PgHugePagesWrite.Result hugePages =
        PgHugePagesWrite.plan(
            host, args, pg.owner(), startFiles, configDir(host, dataDir, pg), wantedMode);
    if (hugePages.refusal().isPresent()) {
      return Plan.failed("postgres_hugepages: " + cluster + ": " + hugePages.refusal().get());
    }
    List<Step> clusterSteps = new ArrayList<>(hugePages.write().get().steps());
    diffs.addAll(hugePages.write().get().diffs());
    Optional<PgSetting> persistedMode = hugePages.write().get().persisted();

    Optional<SmapsMapping> mapping = pg.mainSharedMemory();
    boolean mappedHuge =
        pg.running() && mapping.isPresent() && mapping.get().kernelPageSizeKb() == pageBytes >> 10;
    String running = pg.setting("huge_pages").orElse("unknown");
    boolean clusterEffective = mappedHuge && running.equals(wantedMode);
    if (!clusterEffective && pg.running() && !(poolSteps.isEmpty() && clusterSteps.isEmpty())) {
      clusterSteps.add(
          new Step.RequestRestart(
              new RestartTarget(
                  RESTART_KIND, host.host(), restartId(args, cluster, dataDir, unitRun)),
              "the postmaster maps its shared memory in huge pages when it starts"));
    }

    List<PageState> states = new ArrayList<>();
    OptionalLong reserved =
        defaultPage
            ? OptionalLong.empty()
            : gigantic.bootReservation(
                HostFiles.readOrEmpty(host, "/proc/cmdline").text().orElse(""));
    boolean poolPersisted =
        defaultPage
            ? poolBoot.value().equals(Long.toString(pool.pages()))
            : reserved.orElse(-1) == pool.pages();
    String poolBootText =
        defaultPage
            ? poolBoot.describe()
            : "kernel command line: "
                + (reserved.isPresent()
                    ? gigantic.bootParams(reserved.getAsLong())
                    : "no " + page + " reservation");
    List<String> poolReasons = new ArrayList<>(pool.breakdown());
    poolReasons.addAll(pool.notes());
    poolReasons.addAll(persistence.notes());
    if (!defaultPage && !poolPersisted) {
      // a separate pool: vm.nr_hugepages and the default-size pool stay as they are
      poolReasons.add(
          "the "
              + page
              + " pool is reserved at boot by the kernel command line ("
              + gigantic.bootParams(pool.pages())
              + "), which postgres_hugepages does not edit: until it is there, this pool is live"
              + " only");
    }
    if (!poolLive) {
      poolReasons.add(
          "HugePages_Total is "
              + total
              + (args.bool("runtime") ? " until set live" : " until a reboot"));
    }
    states.add(
        new PageState(
            defaultPage ? "pool/hugepages" : "pool/hugepages-" + page,
            defaultPage
                ? "vm.nr_hugepages=" + pool.pages() + " (" + page + " pages)"
                : gigantic.sysfsPath() + "=" + pool.pages(),
            poolPersisted,
            poolBootText,
            poolLive,
            (defaultPage ? "HugePages_Total=" : gigantic.sysfsPath() + "=") + total + " of " + page,
            !poolLive,
            poolReasons));
    for (HugePageConsumer c : consumers) {
      states.add(
          new PageState(
              "pool/consumer/" + c.name(),
              c.pages(pageBytes) + " x " + page,
              poolPersisted,
              poolPersisted ? "in the persisted pool" : "",
              poolLive,
              poolLive ? "in the live pool" : "HugePages_Total=" + total,
              !poolLive,
              List.of(c.bytes() + " bytes (" + c.source() + ")")));
    }
    List<String> clusterReasons = new ArrayList<>();
    if (!pg.running()) {
      clusterReasons.add("the cluster is not running: it maps huge pages at its next start");
    } else if (!clusterEffective) {
      clusterReasons.add(
          "running with huge_pages="
              + running
              + "; the main shared memory is "
              + mapping.map(SmapsMapping::describe).orElse("not found in smaps"));
    }
    states.add(
        new PageState(
            "postgres/" + cluster,
            "huge_pages=" + wantedMode + ", main shared memory in " + page + " pages",
            persistedMode.filter(m -> PgSetting.sameEnum(m.value(), wantedMode)).isPresent(),
            persistedMode.map(m -> "huge_pages=" + m.value() + " in " + m.source()).orElse(""),
            clusterEffective,
            pg.running()
                ? "pid "
                    + pg.postmasterPid().getAsLong()
                    + ": "
                    + mapping.map(SmapsMapping::describe).orElse("no shared mapping")
                : "not running",
            !clusterEffective,
            clusterReasons));

    Map<String, Object> data = new LinkedHashMap<>();
    Map<String, Object> desired = new LinkedHashMap<>();
    desired.put("nr_hugepages", pool.pages());
    desired.put("page_bytes", pageBytes);
    desired.put("huge_pages", wantedMode);
    desired.put("consumers", pool.breakdown());
    data.put("desired", desired);
    data.put("page_state", states.stream().map(PageState::toMap).toList());
    PgClusterPort port =
        PgClusterPort.of(
            host,
            dataDir,
            pg.running(),
            next,
            host.fact(PostgresFacts.CLUSTERS).stream()
                .filter(c -> c.dataDirectory().equals(dataDir))
                .map(PgCluster::port)
                .findFirst()
                .orElse(5432));
    data.put("port", port.port());
    data.put("port_from", port.source());
    data.put("effective", states.stream().allMatch(PageState::effective));
    data.put("pending_restart", !clusterEffective);
    data.put("sets_pool_live", setsPoolLive);
    if (!defaultPage) {
      data.put("pool_sysfs", gigantic.sysfsPath());
    }
    data.put("pool_steps", poolSteps.size());
    String summary =
        "vm.nr_hugepages = "
            + pool.pages()
            + " of "
            + page
            + " for "
            + String.join(", ", pool.breakdown())
            + "; huge_pages = "
            + wantedMode;
    List<Step> steps = new ArrayList<>(poolSteps);
    steps.addAll(clusterSteps);
    if (steps.isEmpty()) {
      String msg =
          summary
              + (clusterEffective
                  ? "; effective: " + mapping.map(SmapsMapping::describe).orElse("")
                  : "; pending: " + String.join("; ", clusterReasons));
      data.put("msg", msg);
      return Plan.upToDate(msg, data);
    }
    data.put("msg", summary);
    return Plan.of(steps, diffs).withData(data);
  }

  /**
   * Debian clusters restart by {@code version/name}, ones systemd runs by their unit, declared ones
   * by their data directory.
   */
  private static String restartId(
      Args args, String cluster, String dataDir, Optional<PgCluster> unitRun) {
    if (args.optString("cluster")
        .filter(c -> c.matches("\\d+(\\.\\d+)?/[A-Za-z0-9_.-]+"))
        .isPresent()) {
      return cluster;
    }
    return unitRun.map(c -> PostgresClusterDriver.systemdId(c.unit(), dataDir)).orElse(dataDir);
  }

  /**
   * Where postgresql.conf is: the data directory (RHEL, PGDG, initdb's default), else Debian's
   * {@code /etc/postgresql/<version>/<name>}.
   */
  private static String configDir(HostState host, String dataDir, PgClusterState pg) {
    if (host.stat(dataDir + "/postgresql.conf").isPresent()) {
      return dataDir;
    }
    return "/etc/postgresql/"
        + pg.version()
        + "/"
        + dataDir.substring(dataDir.lastIndexOf('/') + 1);
  }

  private static String stripSlash(String p) {
    return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
  }

  static String sysctlText(PoolPlan pool) {
    StringBuilder out =
        new StringBuilder(
            "# Managed by pagetune (postgres_hugepages); do not edit by hand.\n"
                + "# The host's huge-page pool, one share per consumer:\n");
    for (String line : pool.breakdown()) {
      out.append("#   ").append(line).append('\n');
    }
    return out.append("vm.nr_hugepages = ").append(pool.pages()).append('\n').toString();
  }

  /**
   * Sets the pool first and reads it back: only a pool that is really there may carry {@code
   * huge_pages = on}, else PostgreSQL would refuse to start in its window.
   */
  @Override
  public ApplyResult apply(Plan plan, ModuleCall call, StepRunner runner) {
    int poolCount = ((Number) plan.data().getOrDefault("pool_steps", 0)).intValue();
    List<Step> poolSteps = plan.steps().subList(0, poolCount);
    List<Step> rest = plan.steps().subList(poolCount, plan.steps().size());
    ApplyResult first = runner.run(Plan.of(poolSteps, plan.diffs()).withData(plan.data()), call);
    if (first.failure().isPresent()) {
      return first;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> desired = (Map<String, Object>) plan.data().get("desired");
    long wanted = ((Number) desired.get("nr_hugepages")).longValue();
    if (Boolean.TRUE.equals(plan.data().get("sets_pool_live"))) {
      Object sysfs = plan.data().get("pool_sysfs");
      CommandResult back =
          runner.query(
              sysfs == null
                  ? RemoteCommand.argv("sysctl", "-n", "vm.nr_hugepages")
                  : RemoteCommand.argv("cat", String.valueOf(sysfs)),
              call);
      String got = back.stdout().strip();
      if (!back.ok() || !got.equals(Long.toString(wanted))) {
        return first.withFailure(
            "the huge-page pool reads back "
                + (got.isEmpty() ? "nothing" : got)
                + " of "
                + wanted
                + " pages (memory fragmented or in use): huge_pages left as it is and no"
                + " restart requested, since PostgreSQL would not start with huge_pages = on;"
                + " the persisted pool is allocated at the next boot");
      }
    }
    ApplyResult second = runner.run(Plan.of(rest, List.of()).withData(plan.data()), call);
    List<CommandResult> commands = new ArrayList<>(first.commands());
    commands.addAll(second.commands());
    List<String> backups = new ArrayList<>(first.backups());
    backups.addAll(second.backups());
    return new ApplyResult(
        first.changed() || second.changed(),
        commands,
        second.restarts(),
        backups,
        second.data(),
        second.failure());
  }

  private static final String NR_HUGEPAGES = "vm.nr_hugepages";

  /**
   * A pool file that boot does not read (outside the sysctl directories, e.g. under a test root):
   * no other file competes with it, its own last assignment is the persisted value.
   */
  private static SysctlPersistence.Result ownFileOnly(String path, String now, String wanted) {
    List<FileEdit> edits =
        now.equals(wanted)
            ? List.of()
            : List.of(new FileEdit(path, now, wanted, "pagetune's sysctl file"));
    return new SysctlPersistence.Result(
        edits,
        Map.of(NR_HUGEPAGES, lastAssignment(path, now)),
        Map.of(NR_HUGEPAGES, lastAssignment(path, wanted)),
        List.of(),
        Optional.empty());
  }

  private static SysctlPersistence.BootValue lastAssignment(String path, String text) {
    Optional<SysctlAssignment> last = Optional.empty();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Optional<SysctlAssignment> a = SysctlPrecedence.parseLine(path, i + 1, lines[i]);
      if (a.isPresent() && a.get().key().equals(NR_HUGEPAGES)) {
        last = a;
      }
    }
    return new SysctlPersistence.BootValue(NR_HUGEPAGES, last, false);
  }
}
