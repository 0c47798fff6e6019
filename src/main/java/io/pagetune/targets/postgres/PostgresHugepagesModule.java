package io.pagetune.targets.postgres;

import io.pagetune.linux.DeclaredConsumers;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.linux.HugePagePool;
import io.pagetune.linux.NextBootDefaultPool;
import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolOfSize;
import io.pagetune.linux.PoolOutcome;
import io.pagetune.linux.PoolPersistence;
import io.pagetune.linux.PoolPlan;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.pages.HostFiles;
import io.pagetune.modules.pages.Templated;
import io.pagetune.pages.PageSize;
import io.pagetune.schedule.RestartTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code postgres_hugepages}: puts a PostgreSQL cluster's main shared memory into huge pages. It
 * sizes the host's one huge-page pool for the cluster plus the declared consumers ({@code
 * consumers}), the host's other clusters and what the other targets find (running Oracle SGAs),
 * persists the pool where {@link io.pagetune.linux.PoolBootPlaces} says for its size (the pool file
 * by the sysctl precedence rules, its own {@code hugepagesz= hugepages=} pair in the boot-loader
 * files, {@link io.pagetune.linux.HugePagesPair}, or both), sets the pool live and reads it back,
 * and only then sets {@code huge_pages} in {@code postgresql.auto.conf} (or, with {@code
 * pg_conf_method: conf.d}, in its own file under {@code conf.d}: {@link ConfDSetting}) and asks for
 * a restart of the cluster: a pool that reads back short fails the task before PostgreSQL is told
 * to insist on huge pages it could not get at start.
 *
 * <p>PostgreSQL maps its shared memory with {@code mmap(MAP_HUGETLB)}, which neither {@code
 * vm.hugetlb_shm_group} nor the memlock limit governs (both apply to System V {@code SHM_HUGETLB}
 * segments, Oracle's kind), so neither is planned here.
 */
final class PostgresHugepagesModule implements Module {
  static final String RESTART_KIND = "postgres_cluster";

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("data_dir", ArgType.STRING).describe("The cluster's data directory."),
              Arg.optional("cluster", ArgType.STRING)
                  .describe("The cluster's name in messages and restarts; default data_dir."),
              Arg.optional("bindir", ArgType.STRING, "")
                  .describe(
                      "The directory of the cluster's postgres binary; default found on the host."),
              Arg.optional("huge_pages", ArgType.STRING, "on")
                  .choices("on", "try")
                  .describe("The huge_pages setting to give the cluster once the pool is there."),
              Arg.optional("pg_conf_method", ArgType.STRING, "auto")
                  .choices("auto", "conf.d")
                  .describe("auto: postgresql.auto.conf; conf.d: a file of its own under conf.d."),
              Arg.optional("consumers", ArgType.LIST)
                  .describe("The pool's other users on the host, each {name, bytes}."),
              Arg.optional("max_memory_share", ArgType.STRING, "0.7")
                  .describe("The largest share of MemTotal the pool may take; more is refused."),
              Arg.optional(
                      "sysctl_file", ArgType.STRING, "/etc/sysctl.d/97-pagetune-hugepages.conf")
                  .describe("The sysctl file that persists the pool."),
              Arg.optional("sysctl_template", ArgType.STRING)
                  .describe("A template for the sysctl file instead of the built-in one."),
              Arg.optional("runtime", ArgType.BOOL, true)
                  .describe("Set the pool live and read it back before huge_pages is set."),
              Arg.optional("backup", ArgType.BOOL, true)
                  .describe("Keep timestamped copies of the files it replaces."))
          .documented(
              "Puts a PostgreSQL cluster's shared memory into huge pages: sizes and persists the pool, then sets huge_pages and requests the cluster's restart.",
              "- name: huge pages for the cluster\n  postgres_hugepages:\n    data_dir: /var/lib/postgresql/15/main\n");

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
    NamedCluster target = NamedCluster.of(args, host);
    String cluster = target.cluster();
    PgClusterState pg = target.pg();
    if (pg.problem().isPresent()) {
      return failed(cluster + ": " + pg.problem().get());
    }
    // the settings the next start reads, as the server reads them, are what the pool is for
    PgStartFiles startFiles = target.startFiles(host);
    PgSettings next = startFiles.read(host, Map.of());
    Optional<String> unreadable = next.error().or(() -> PgSizingDrift.of(next, pg));
    if (unreadable.isPresent()) {
      return failed(cluster + ": " + unreadable.get());
    }
    // a cluster that names its page size (huge_page_size) gets that size's pool, and
    // shared_memory_size_in_huge_pages counts pages of that size
    ClusterPoolSize poolSize = ClusterPoolSize.of(host, cluster, pg);
    if (poolSize.refusal().isPresent()) {
      return failed(
          poolSize.refusal().get().startsWith("Hugepagesize")
              ? poolSize.refusal().get()
              : cluster + ": " + poolSize.refusal().get());
    }
    PoolOfSize size = poolSize.size().get();
    long pageBytes = size.pageBytes();
    Optional<PgSharedMemory> shm = PgSharedMemory.of(pg, pageBytes);
    if (shm.isEmpty()) {
      return failed(cluster + ": " + PgSharedMemory.unknown(pg));
    }
    List<HugePageConsumer> declared;
    try {
      declared = DeclaredConsumers.parse(args.raw("consumers"));
    } catch (IllegalArgumentException e) {
      return failed(e.getMessage());
    }
    String sysctlPath = args.string("sysctl_file");
    HostFiles.Text sysctlNow = HostFiles.readOrEmpty(host, sysctlPath);
    if (sysctlNow.problem().isPresent()) {
      return failed(sysctlNow.problem().get());
    }
    String sysctlBefore = sysctlNow.text().get();
    PoolOutcome outcome = pool(args, host, target, size, shm.get(), declared, sysctlBefore);
    if (outcome instanceof PoolOutcome.Refused r) {
      return failed(r.reason());
    }
    PoolPlan pool = (PoolPlan) outcome;
    PoolPersistence persistence = persistence(call, host, target, size, pool, sysctlBefore);
    if (persistence.refusal().isPresent()) {
      return failed(persistence.refusal().get());
    }
    List<Step> poolSteps =
        new ArrayList<>(persistence.steps(host, sysctlPath, args.bool("backup")));
    boolean setsPoolLive = args.bool("runtime") && !size.isLive(pool.pages());
    if (setsPoolLive) {
      poolSteps.add(size.setLive(pool.pages()));
    }
    String wantedMode = args.string("huge_pages");
    HugePagesSetting setting = HugePagesSetting.plan(host, args, target, startFiles, wantedMode);
    if (setting.refusal().isPresent()) {
      return failed(setting.refusal().get());
    }
    return new ClusterPlan(
            cluster,
            pool,
            size,
            persistence,
            poolSteps,
            setsPoolLive,
            args.bool("runtime"),
            setting,
            ClusterPages.of(pg, pageBytes, wantedMode),
            target.port(host, next),
            new RestartTarget(RESTART_KIND, host.host(), target.restartId(args)))
        .plan();
  }

  private static Plan failed(String why) {
    return Plan.failed("postgres_hugepages: " + why);
  }

  /**
   * The host's one pool: this cluster counts even while huge_pages is still off (this run turns it
   * on), and the pool file records it for every other module and loop item.
   */
  private PoolOutcome pool(
      Args args,
      HostState host,
      NamedCluster target,
      PoolOfSize size,
      PgSharedMemory shm,
      List<HugePageConsumer> declared,
      String sysctlBefore) {
    PgClusterState pg = target.pg();
    return PoolPlan.plan(
        host,
        others,
        size.pageBytes(),
        new PoolPlan.Request(
            declared,
            List.of(
                new HugePageConsumer(
                    PostgresConsumerSource.name(target.cluster()),
                    shm.bytes(),
                    shm.source(),
                    PostgresConsumerSource.namesOf(host, target.dataDir()))),
            PostgresConsumerSource.discover(host, size.pageBytes(), Optional.of(target.dataDir())),
            size.defaultAtBoot() ? sysctlBefore : "",
            share(args.string("max_memory_share")).orElse(0.7),
            pg.meminfo("MemTotal").orElse(0) << 10,
            new HugePagePool.Live(
                size.live(),
                pg.meminfo("HugePages_Free").orElse(0),
                pg.meminfo("HugePages_Rsvd").orElse(0)),
            size.defaultPage()));
  }

  /**
   * How the pool is kept for the next boot: the default size's in the pool's sysctl file, another
   * size's on the kernel command line, refused while the next boot's new default size leaves a
   * cluster that takes it uncounted ({@link NextBootDefaultPool}).
   */
  private PoolPersistence persistence(
      ModuleCall call,
      HostState host,
      NamedCluster target,
      PoolOfSize size,
      PoolPlan pool,
      String sysctlBefore) {
    if (!size.defaultAtBoot()) {
      Optional<String> uncounted = uncountedAtBoot(call.args(), host, target, size, sysctlBefore);
      if (uncounted.isPresent()) {
        return new PoolPersistence(List.of(), false, "", List.of(), uncounted);
      }
    }
    // default_hugepagesz stays, as huge_page_size names the size
    return PoolPersistence.of(
        host,
        size,
        pool.pages(),
        call.args().string("sysctl_file"),
        sysctlBefore,
        sysctlWanted(call, pool, sysctlBefore));
  }

  /**
   * While the next boot moves the default size, the clusters with {@code huge_page_size = 0} map
   * pages of the new default at their next start, and their own tasks refuse to size them there
   * ({@link ClusterPoolSize}): a task for another size must not end the run with them uncounted.
   */
  private Optional<String> uncountedAtBoot(
      Args args, HostState host, NamedCluster target, PoolOfSize size, String sysctlBefore) {
    long atBoot = size.bootDefaultPageBytes();
    if (atBoot == size.defaultPageBytes()) {
      return Optional.empty();
    }
    Optional<String> dataDir = Optional.of(target.dataDir());
    PgClusterState pg = target.pg();
    String atBootSize = new PageSize(atBoot) + "B";
    return NextBootDefaultPool.uncounted(
            host,
            others,
            size.pageBytes(),
            atBoot,
            PostgresConsumerSource.defaultSizeUsers(host, atBoot, dataDir),
            new PoolPlan.Request(
                List.of(),
                List.of(),
                PostgresConsumerSource.discover(host, atBoot, dataDir),
                sysctlBefore,
                share(args.string("max_memory_share")).orElse(0.7),
                pg.meminfo("MemTotal").orElse(0) << 10,
                new HugePagePool.Live(0, 0, 0),
                false),
            args.string("sysctl_file"))
        .map(
            why ->
                why
                    + ": name its size where the server can (huge_page_size = "
                    + size.page()
                    + "B, PostgreSQL 14 and later, keeps it in the "
                    + size.page()
                    + " pool), or count it in the "
                    + new PageSize(atBoot)
                    + " pool first (postgres_hugepages for a cluster naming huge_page_size = "
                    + atBootSize
                    + " plans that pool)");
  }

  /** The pool file: the task's template rendered, else pagetune's own text, with the records. */
  private String sysctlWanted(ModuleCall call, PoolPlan pool, String sysctlBefore) {
    Map<String, Object> poolVars = new LinkedHashMap<>();
    poolVars.put("nr_hugepages", pool.pages());
    poolVars.put("page_size", pool.pageName());
    poolVars.put("consumers", pool.breakdown());
    String rendered =
        call.args()
            .optString("sysctl_template")
            .map(t -> call.services().renderTemplate(t, Map.of("pool", poolVars)))
            .orElseGet(() -> PoolFile.text(name(), PoolFile.shares(pool), pool.pages(), Map.of()));
    return pool.withRecords(PoolFile.wanted(sysctlBefore, rendered, pool.pages()));
  }
}
