package io.pagetune.modules.pages;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.Fact;
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
import io.pagetune.pages.HugePagesPlanner;
import io.pagetune.pages.HugePagesReadBack;
import io.pagetune.pages.HugePagesSizing;
import io.pagetune.pages.InstanceSga;
import io.pagetune.pages.Meminfo;
import io.pagetune.pages.MemlockRecommendation;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ScriptFact;
import io.pagetune.pages.ThpMode;
import io.pagetune.pages.ThpPolicy;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code oracle_hugepages}: plans {@code vm.nr_hugepages} from the running shared memory segments
 * (Oracle's hugepages_settings.sh algorithm) or from declared SGA sizes, capped at a share of
 * MemTotal; persists it with {@code vm.hugetlb_shm_group} in a sysctl.d file and the Oracle user's
 * memlock limits in a limits.d file; reports the THP mode against the release policy. With {@code
 * runtime: true} it also sets the pool live and reads it back: a short pool (fragmentation, page
 * cache) fails the task and asks for a reboot instead of reporting success.
 */
public final class OracleHugepagesModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.optional("instances", ArgType.LIST),
          Arg.optional("source", ArgType.STRING, "auto").choices("auto", "ipcs", "sga"),
          Arg.optional("max_memory_share", ArgType.STRING, "0.7"),
          Arg.optional("allowance_per_instance", ArgType.INT, 4),
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
    Meminfo mem = host.fact(PageFacts.MEMINFO);
    HugePagesPlanner planner =
        new HugePagesPlanner(
            share(args.string("max_memory_share")).orElse(0.7),
            (int) args.integer("allowance_per_instance"),
            0.90);
    List<InstanceSga> declared;
    try {
      declared = instances(args);
    } catch (IllegalArgumentException e) {
      return Plan.failed("oracle_hugepages: " + e.getMessage());
    }
    String source = args.string("source");
    boolean fromSga = source.equals("sga") || (source.equals("auto") && !declared.isEmpty());
    HugePagesSizing sizing =
        fromSga
            ? planner.fromSga(declared, mem)
            : planner.fromSegments(host.fact(PageFacts.IPCS), mem);
    if (sizing instanceof HugePagesSizing.Refused r) {
      return Plan.failed("oracle_hugepages: " + r.reason());
    }
    HugePagesSizing.Sized sized = (HugePagesSizing.Sized) sizing;
    String user = args.string("oracle_user");
    String gid = host.fact(gidFact(user, args.optString("oracle_group")));
    if (gid.isEmpty()) {
      return Plan.failed(
          "oracle_hugepages: cannot find the gid of "
              + args.optString("oracle_group").map(g -> "group " + g).orElse("user " + user)
              + "'s primary group");
    }
    MemlockRecommendation memlock =
        planner.memlock(sized.poolBytes(), mem.memTotalBytes().orElse(0));
    ThpPolicy policy = thpPolicy(args, host);

    Map<String, Object> planned = new LinkedHashMap<>();
    planned.put("nr_hugepages", sized.pages());
    planned.put("page_bytes", sized.pageBytes());
    planned.put("hugetlb_shm_group", gid);
    planned.put("oracle_user", user);
    planned.put("memlock_kb", memlock.kb());
    planned.put("memlock_reason", memlock.reason());
    planned.put("thp", policy.mode());
    planned.put("breakdown", sized.breakdown());
    planned.put("source", fromSga ? "declared SGA sizes" : "ipcs -m segments");

    List<Step> steps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    String sysctlText =
        args.optString("sysctl_template")
            .map(t -> call.services().renderTemplate(t, Map.of("hugepages", planned)))
            .orElseGet(() -> sysctlText(planned));
    String limitsText =
        args.optString("limits_template")
            .map(t -> call.services().renderTemplate(t, Map.of("hugepages", planned)))
            .orElseGet(() -> limitsText(planned));
    for (String[] f :
        List.of(
            new String[] {args.string("sysctl_file"), sysctlText},
            new String[] {args.string("limits_file"), limitsText})) {
      HostFiles.Text now = HostFiles.readOrEmpty(host, f[0]);
      if (now.problem().isPresent()) {
        return Plan.failed("oracle_hugepages: " + now.problem().get());
      }
      if (!now.text().get().equals(f[1])) {
        steps.add(
            new Step.Put(
                f[0],
                f[1].getBytes(StandardCharsets.UTF_8),
                0644,
                null,
                null,
                args.bool("backup") && host.stat(f[0]).isPresent()));
        diffs.add(new FileDiff(f[0], now.text().get(), f[1]));
      }
    }
    boolean persisted = steps.isEmpty();
    OptionalLong total = mem.hugePagesTotal();
    boolean poolLive = total.isPresent() && total.getAsLong() == sized.pages();
    boolean runtime = args.bool("runtime");
    if (runtime && !poolLive) {
      steps.add(
          Step.Exec.of(
              RemoteCommand.argv("sysctl", "-w", "vm.hugetlb_shm_group=" + gid),
              "set vm.hugetlb_shm_group=" + gid + " live"));
      steps.add(
          Step.Exec.of(
              RemoteCommand.argv("sysctl", "-w", "vm.nr_hugepages=" + sized.pages()),
              "set vm.nr_hugepages=" + sized.pages() + " live"));
    }
    ThpMode thp = host.fact(PageFacts.THP);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("desired", planned);
    data.put("persisted", persisted);
    data.put("effective", poolLive);
    data.put(
        "current",
        Map.of(
            "hugepages_total",
            total.isPresent() ? total.getAsLong() : "unknown",
            "thp",
            thp.active().orElse(thp.state().name().toLowerCase(java.util.Locale.ROOT))));
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
    data.put("pending_restart", !poolLive);
    String summary = "vm.nr_hugepages = " + sized.pages() + " (" + planned.get("source") + ")";
    if (steps.isEmpty()) {
      String msg =
          summary
              + (poolLive
                  ? " persisted and live"
                  : " persisted; pending restart: HugePages_Total is "
                      + (total.isPresent() ? total.getAsLong() : "unknown")
                      + " until a reboot (or runtime: true)")
              + thpNote;
      data.put("msg", msg);
      return Plan.upToDate(msg, data);
    }
    if (!runtime) {
      steps.add(
          new Step.RequestRestart(
              new RestartTarget(RestartTarget.REBOOT, host.host(), host.host()),
              "the pool of "
                  + sized.pages()
                  + " huge pages is allocated reliably at boot from "
                  + args.string("sysctl_file")));
    } else {
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

  @Override
  public ApplyResult apply(Plan plan, ModuleCall call, StepRunner runner) {
    ApplyResult result = runner.run(plan, call);
    boolean setLive = plan.steps().stream().anyMatch(s -> s instanceof Step.Exec);
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
      return result.withData(Map.of("effective", true, "pending_restart", false));
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
    return "# Managed by pagetune (oracle_hugepages): memlock in kB, "
        + p.get("memlock_reason")
        + "\n"
        + p.get("oracle_user")
        + " soft memlock "
        + p.get("memlock_kb")
        + "\n"
        + p.get("oracle_user")
        + " hard memlock "
        + p.get("memlock_kb")
        + "\n";
  }
}
