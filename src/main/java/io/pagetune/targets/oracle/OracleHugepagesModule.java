package io.pagetune.targets.oracle;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.linux.DefaultSizeChange;
import io.pagetune.linux.EditSteps;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.PoolOutcome;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.PoolRecords;
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
import io.pagetune.pages.PageState;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code oracle_hugepages}: plans {@code vm.nr_hugepages} from the running shared memory segments
 * (Oracle's hugepages_settings.sh algorithm) or from declared SGA sizes, capped at a share of
 * MemTotal, plus the pool's other users ({@code hugepages_consumers}, the other targets' consumers
 * on the host); persists it with {@code vm.hugetlb_shm_group} in a sysctl.d file and the Oracle
 * user's memlock limits in a limits.d file; reports the THP mode against the release policy. With
 * {@code runtime: true} it also sets the pool live and reads it back: a short pool (fragmentation,
 * page cache) fails the task and asks for a reboot instead of reporting success.
 */
final class OracleHugepagesModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("instances", ArgType.LIST)
                  .describe(
                      "The Oracle instances to size for, each {sid, sga}; with source=sga their SGA sizes are the pool."),
              Arg.optional("source", ArgType.STRING, "auto")
                  .choices("auto", "ipcs", "sga")
                  .describe(
                      "Where the SGA sizes come from: ipcs (the running shared memory segments, as Oracle's hugepages_settings.sh), sga (the declared instances), auto (ipcs when instances run, else sga)."),
              Arg.optional("max_memory_share", ArgType.STRING, "0.7")
                  .describe("The largest share of MemTotal the pool may take; more is refused."),
              Arg.optional("allowance_per_instance", ArgType.STRING, "8M")
                  .describe("Extra memory per instance on top of its SGA."),
              Arg.optional("consumers", ArgType.LIST)
                  .describe("The pool's other users on the host, each {name, bytes}."),
              Arg.optional("hugepages_consumers", ArgType.LIST)
                  .describe("Like consumers: further users of the one huge-page pool."),
              Arg.optional("page_size", ArgType.STRING)
                  .describe(
                      "The huge page size to plan for (2M, 1G); default the host's default huge page size."),
              Arg.optional("oracle_user", ArgType.STRING, "oracle")
                  .describe("The Oracle software owner, whose memlock limits are set."),
              Arg.optional("oracle_group", ArgType.STRING)
                  .describe(
                      "The group allowed to use huge pages (vm.hugetlb_shm_group); default the user's group."),
              Arg.optional("oracle_release", ArgType.INT, 19)
                  .describe("The database release, which decides the THP policy reported."),
              Arg.optional("thp", ArgType.STRING)
                  .describe(
                      "The transparent huge pages mode expected; a different one is reported."),
              Arg.optional(
                      "sysctl_file", ArgType.STRING, "/etc/sysctl.d/97-pagetune-hugepages.conf")
                  .describe("The sysctl file that persists the pool."),
              Arg.optional(
                      "limits_file",
                      ArgType.STRING,
                      "/etc/security/limits.d/99-pagetune-oracle-memlock.conf")
                  .describe("The limits file that persists the memlock limits."),
              Arg.optional("sysctl_template", ArgType.STRING)
                  .describe("A template for the sysctl file instead of the built-in one."),
              Arg.optional("limits_template", ArgType.STRING)
                  .describe("A template for the limits file instead of the built-in one."),
              Arg.optional("runtime", ArgType.BOOL, false)
                  .describe(
                      "Also set the pool live and read it back; a short pool fails the task and asks for a reboot."),
              Arg.optional("backup", ArgType.BOOL, true)
                  .describe("Keep timestamped copies of the files it replaces."))
          .documented(
              "Sizes the HugePages pool for Oracle SGAs, persists it with vm.hugetlb_shm_group and the memlock limits, and reports THP.",
              "- name: HugePages for the SGA\n  oracle_hugepages:\n    instances:\n      - {sid: ORCL, sga: 2G}\n    max_memory_share: \"0.7\"\n");

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
    if (!Templated.is(share) && OracleRequest.share(share).isEmpty()) {
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

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    try {
      return planOrRefuse(call, host);
    } catch (OracleRefusal r) {
      return Plan.failed("oracle_hugepages: " + r.getMessage());
    }
  }

  /** The Oracle part: its request, its view of the pool, its group and files, the live settings. */
  private Plan planOrRefuse(ModuleCall call, HostState host) {
    Args args = call.args();
    OracleRequest req = OracleRequest.of(args, host.fact(OracleFacts.MEMINFO));
    LinuxBootConfig boot = host.fact(OracleFacts.BOOT_CONFIG);
    req.checkNextBootDefault(boot);
    String sysctlPath = args.string("sysctl_file");
    HostFiles.Text sysctlNow = HostFiles.readOrEmpty(host, sysctlPath);
    OraclePoolSizing.Own own = OraclePoolSizing.own(req, args.string("oracle_user"), host);
    // the host's one pool: the same plan whichever module or loop item makes it
    PoolOutcome outcome =
        PoolPlan.plan(
            host,
            others,
            req.pageBytes(),
            own.request(req, sysctlNow.text().orElse(""), host.fact(OracleFacts.MEMINFO)));
    OraclePoolSizing pool = OraclePoolSizing.of(req, own, outcome, boot);
    ShmGroupChoice group = ShmGroupChoice.choose(args, host, boot, req.defaultPage());
    DefaultSizeChange keep =
        req.movesDefault()
            ? DefaultSizeChange.plan(
                host,
                others,
                PoolRecords.parse(sysctlNow.text().orElse(""), req.defaultPage(), req::defaultPage),
                req.defaultPage(),
                req.pageBytes(),
                // SysV segments take the default size: Oracle's move with it, into its pool
                c -> c.name().startsWith("oracle/"),
                req.planner().maxShareOfRam(),
                req.memTotal())
            : DefaultSizeChange.none();
    if (keep.refusal().isPresent()) {
      throw new OracleRefusal(keep.refusal().get());
    }
    OracleConfigFiles files =
        OracleConfigFiles.plan(call, host, req, pool, group, sysctlNow, keep.kept());
    EditSteps edits =
        EditSteps.of(
            host,
            files.configEdits(),
            files.unitEdits(),
            Set.of(sysctlPath, args.string("limits_file")),
            args.bool("backup"));
    List<Step> steps = new ArrayList<>(edits.steps());
    OracleLive live = OracleLive.of(host.fact(OracleFacts.MEMINFO), boot, req, pool.pages());
    boolean runtime = args.bool("runtime");
    String gid = group.gid();
    boolean setsPoolLive = false;
    if (runtime && !req.gigantic() && (!live.poolLive() || !live.group().equals(gid))) {
      steps.add(
          Step.Exec.of(
              RemoteCommand.argv("sysctl", "-w", "vm.hugetlb_shm_group=" + gid),
              "set vm.hugetlb_shm_group=" + gid + " live"));
      if (!live.poolLive()) {
        setsPoolLive = true;
        steps.add(live.size().setLive(pool.pages()));
      }
    }
    List<PageState> states = OracleStates.of(host, req, pool, group, files, live);
    return OraclePlanReport.plan(
        host.host(),
        req,
        pool,
        files,
        live,
        states,
        steps,
        edits.diffs(),
        setsPoolLive,
        runtime,
        sysctlPath);
  }
}
