package io.pagetune.modules.pages;

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
import io.pagetune.pages.LdrCntrl;
import io.pagetune.pages.LdrCntrlPrecondition;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ProcessPageSizes;
import io.pagetune.pages.SapProfile;
import io.pagetune.pages.SapProfileEdit;
import io.pagetune.pages.SapSystemFacts;
import io.pagetune.pages.SapSystemsScan;
import io.pagetune.pages.SetenvEntries;
import io.pagetune.pages.SetenvEntry;
import io.pagetune.pages.TextEdit;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code sap_ldr_cntrl}: ensures {@code LDR_CNTRL} options (default the four {@code *PSIZE=64K}) in
 * the instance and start profiles of every instance of a SAP system, ASCS included (domain.md §1).
 * It refuses a kernel below the documented patch level, and one the note does not cover unless the
 * playbook allows it. The change takes effect at the next SAP system restart, which it requests and
 * never performs.
 */
public final class SapLdrCntrlModule implements Module {
  static final String DEFAULT_OPTIONS = LdrCntrl.allPageSizes(PageSize.SIZE_64K).render();
  private static final Map<String, String> PS_COLUMN =
      Map.of(
          "DATAPSIZE", "DPGSZ", "STACKPSIZE", "SPGSZ", "TEXTPSIZE", "TPGSZ", "SHMPSIZE", "SHMPGSZ");

  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.required("sid", ArgType.STRING),
          Arg.optional("options", ArgType.STRING, DEFAULT_OPTIONS),
          Arg.optional("profile_dir", ArgType.STRING),
          Arg.optional("allow_unknown_kernel", ArgType.BOOL, false),
          Arg.optional("backup", ArgType.BOOL, true));

  private final Clock clock;

  public SapLdrCntrlModule(Clock clock) {
    this.clock = clock;
  }

  @Override
  public String name() {
    return "sap_ldr_cntrl";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    String sid = args.string("sid");
    if (!Templated.is(sid) && !sid.matches("[A-Z][A-Z0-9]{2}")) {
      throw args.error("sid", "must be a SAP system ID like NWP, got '" + sid + "'");
    }
    List<String> problems = LdrCntrl.parse(args.string("options")).problems();
    if (!Templated.is(args.string("options")) && !problems.isEmpty()) {
      throw args.error("options", String.join("; ", problems));
    }
    if (args.optString("profile_dir").filter(d -> !d.startsWith("/")).isPresent()) {
      throw args.error("profile_dir", "must be an absolute path");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String sid = args.string("sid");
    LdrCntrl desired = LdrCntrl.parse(args.string("options"));
    String dir = args.optString("profile_dir").orElse(SapSystemFacts.defaultProfileDir(sid));
    Map<String, SapSystemFacts> scan =
        args.has("profile_dir")
            ? host.fact(SapSystemsScan.fact(sid, dir))
            : host.fact(PageFacts.SAP_SYSTEMS);
    SapSystemFacts system = scan.get(sid);
    if (system == null || system.profiles().isEmpty()) {
      return Plan.failed(
          "sap_ldr_cntrl: no instance or start profiles of " + sid + " found in " + dir);
    }
    LdrCntrlPrecondition pre = LdrCntrlPrecondition.evaluate(system.kernel());
    if (pre.status() == LdrCntrlPrecondition.Status.REFUSED) {
      return Plan.failed("sap_ldr_cntrl: " + sid + ": " + pre.reason());
    }
    if (pre.status() == LdrCntrlPrecondition.Status.UNKNOWN && !args.bool("allow_unknown_kernel")) {
      return Plan.failed(
          "sap_ldr_cntrl: "
              + sid
              + ": "
              + pre.reason()
              + "; refusing (set allow_unknown_kernel: true once the release is checked)");
    }
    List<Step> steps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    List<String> changed = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (String name : system.profiles()) {
      String path = dir + "/" + name;
      HostFiles.Text text = HostFiles.read(host, path);
      if (text.problem().isPresent()) {
        return Plan.failed("sap_ldr_cntrl: " + text.problem().get());
      }
      warnings.addAll(otherAmbiguousSetenv(name, text.text().get()));
      TextEdit edit = SapProfileEdit.ensureLdrCntrl(text.text().get(), desired, RunStamp.of(clock));
      if (edit instanceof TextEdit.Refused r) {
        return Plan.failed("sap_ldr_cntrl: " + path + ": " + r.reason());
      }
      if (edit instanceof TextEdit.Changed c) {
        steps.add(
            new Step.Put(
                path,
                c.newText().getBytes(StandardCharsets.UTF_8),
                null,
                null,
                null,
                args.bool("backup")));
        diffs.add(new FileDiff(path, text.text().get(), c.newText()));
        changed.add(name + ": " + c.summary());
      }
    }
    Optional<String> notEffective = notEffective(system, desired);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("sid", sid);
    data.put("kernel", pre.reason());
    data.put("profiles", system.profiles());
    data.put("desired", "LDR_CNTRL=" + desired.render());
    data.put("persisted", steps.isEmpty());
    data.put("effective", notEffective.isEmpty());
    data.put("pending_restart", notEffective.isPresent());
    if (!warnings.isEmpty()) {
      data.put("warnings", warnings);
    }
    RestartTarget target = new RestartTarget("sap_system", host.host(), sid);
    if (steps.isEmpty()) {
      String reason =
          "LDR_CNTRL="
              + desired.render()
              + " is set in all "
              + system.profiles().size()
              + " profiles of "
              + sid;
      String warned = warnings.isEmpty() ? "" : "; WARNING: " + String.join("; ", warnings);
      if (notEffective.isPresent()) {
        data.put(
            "msg",
            reason
                + "; pending restart of "
                + target.describe()
                + ": "
                + notEffective.get()
                + warned);
      } else if (!warned.isEmpty()) {
        data.put("msg", reason + warned);
      }
      return Plan.upToDate(reason + (notEffective.isPresent() ? "" : " and effective"), data);
    }
    steps.add(
        new Step.RequestRestart(
            target,
            "RestartService, then RestartSystem: LDR_CNTRL is read when sapstartsrv and"
                + " disp+work start"));
    data.put("changes", changed);
    if (!warnings.isEmpty()) {
      data.put("msg", "WARNING: " + String.join("; ", warnings));
    }
    return Plan.of(steps, diffs).withData(data);
  }

  /**
   * Other variables set by two active SETENV lines: not this module's to fix, but worth a flag (the
   * LDR_CNTRL case refuses the edit).
   */
  static List<String> otherAmbiguousSetenv(String profile, String text) {
    List<String> out = new ArrayList<>();
    Map<String, List<SetenvEntry>> ambiguous = SetenvEntries.of(SapProfile.parse(text)).ambiguous();
    for (Map.Entry<String, List<SetenvEntry>> e : ambiguous.entrySet()) {
      if (e.getKey().equals("LDR_CNTRL")) {
        continue;
      }
      out.add(
          profile
              + ": "
              + e.getKey()
              + " is set by "
              + String.join(" and ", e.getValue().stream().map(x -> x.line().key()).toList()));
    }
    return out;
  }

  /** Why the running disp+work processes do not show the desired page sizes, if they don't. */
  static Optional<String> notEffective(SapSystemFacts system, LdrCntrl desired) {
    List<ProcessPageSizes> dw = system.processes().byProgram("disp+work");
    if (dw.isEmpty()) {
      return Optional.of("no disp+work process of " + system.sid() + " runs");
    }
    List<String> off = new ArrayList<>();
    for (LdrCntrl.Option o : desired.options()) {
      String column = PS_COLUMN.get(o.name().toUpperCase(java.util.Locale.ROOT));
      Optional<PageSize> want = PageSize.parse(o.value());
      if (column == null || want.isEmpty() || !system.processes().sizeColumns().contains(column)) {
        continue;
      }
      for (ProcessPageSizes p : dw) {
        PageSize have = p.sizes().get(column);
        if (!want.get().equals(have)) {
          off.add("pid " + p.pid() + " " + column + "=" + (have == null ? "?" : have));
        }
      }
    }
    return off.isEmpty()
        ? Optional.empty()
        : Optional.of("disp+work not at the desired page sizes (" + String.join(", ", off) + ")");
  }
}
