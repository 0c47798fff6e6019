package io.pagetune.targets.sap;

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
import io.pagetune.modules.pages.HostFiles;
import io.pagetune.modules.pages.RunStamp;
import io.pagetune.modules.pages.Templated;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code sap_ldr_cntrl}: ensures {@code LDR_CNTRL} options (default the four {@code *PSIZE=64K})
 * for every instance of a SAP system, ASCS included, as its profile chain gives them ({@link
 * SapLdrCntrlPlanner}, domain.md §1 and §5a). Its plan reports one {@link PageState} per instance:
 * the chain's answer beside what the instance's own processes show ({@link SapInstanceEffect}). It
 * refuses a kernel below the documented patch level, and one the note does not cover unless the
 * playbook allows it. The change takes effect at the next SAP system restart, which it requests and
 * never performs.
 */
final class SapLdrCntrlModule implements Module {
  static final String DEFAULT_OPTIONS = LdrCntrl.allPageSizes(PageSize.SIZE_64K).render();

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("sid", ArgType.STRING)
                  .describe(
                      "The SAP system id; every instance of the system, ASCS included, is configured."),
              Arg.optional("options", ArgType.STRING, DEFAULT_OPTIONS)
                  .describe("The LDR_CNTRL options to ensure."),
              Arg.optional("profile_dir", ArgType.STRING)
                  .describe("The profile directory; default /sapmnt/SID/profile."),
              Arg.optional("allow_unknown_kernel", ArgType.BOOL, false)
                  .describe("Allow a SAP kernel release the SAP note does not cover."),
              Arg.optional("backup", ArgType.BOOL, true)
                  .describe("Keep timestamped copies of the files it replaces."))
          .documented(
              "Ensures LDR_CNTRL page-size options for every instance of a SAP system on AIX, and requests the system's restart.",
              "- name: 64K pages for the SAP system\n  sap_ldr_cntrl:\n    sid: PRD\n");

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
    Map<String, SapSystemFacts> scan =
        args.has("profile_dir")
            ? host.fact(SapSystemsScan.fact(sid, args.string("profile_dir")))
            : host.fact(SapFacts.SAP_SYSTEMS);
    SapSystemFacts system = scan.get(sid);
    // where the platform's own records (sapservices, /usr/sap/<SID>) put the profiles
    String dir =
        args.optString("profile_dir")
            .orElse(system == null ? SapSystemFacts.defaultProfileDir(sid) : system.profileDir());
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
    ProfileTexts profiles = ProfileTexts.read(host, dir, system.profiles());
    if (profiles.problem().isPresent()) {
      return Plan.failed("sap_ldr_cntrl: " + profiles.problem().get());
    }
    List<SapInstanceProfiles> instances = SapInstanceProfiles.group(system.profiles());
    SapLdrCntrlPlanner.Result result =
        SapLdrCntrlPlanner.plan(desired, instances, profiles.texts(), RunStamp.of(clock));
    if (result.refusal().isPresent()) {
      return Plan.failed("sap_ldr_cntrl: " + dir + "/" + result.refusal().get());
    }
    Outcome outcome =
        Outcome.of(sid, desired, result, SapInstanceEffect.forSystem(system, instances, desired));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("sid", sid);
    data.put("kernel", pre.reason());
    data.put("profile_dir", dir);
    data.put("profiles", system.profiles());
    data.putAll(outcome.data(desired, result));
    List<String> warnings = profiles.warnings();
    if (!warnings.isEmpty()) {
      data.put("warnings", warnings);
    }
    RestartTarget target = SapTarget.SYSTEM_RESTART.target(host.host(), sid);
    if (result.newTexts().isEmpty()) {
      return outcome.upToDate(sid, desired, instances.size(), target, warnings, data);
    }
    List<Step> steps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    for (Map.Entry<String, String> e : result.newTexts().entrySet()) {
      String path = dir + "/" + e.getKey();
      byte[] bytes = e.getValue().getBytes(StandardCharsets.UTF_8);
      steps.add(new Step.Put(path, bytes, null, null, null, args.bool("backup")));
      diffs.add(new FileDiff(path, profiles.texts().get(e.getKey()), e.getValue()));
    }
    steps.add(
        new Step.RequestRestart(
            target,
            "RestartService, then RestartSystem: LDR_CNTRL is read when sapstartsrv and the"
                + " processes sapstart starts (ASCS included) come up"));
    data.put("changes", result.changes());
    if (!warnings.isEmpty()) {
      data.put("msg", "WARNING: " + String.join("; ", warnings));
    }
    return Plan.of(steps, diffs).withData(data).withPageStates(outcome.states());
  }

  /**
   * The system's profiles as the host holds them: {@code DEFAULT.PFL} (when there is one) and each
   * instance or start profile, with the other variables two active lines set.
   */
  private record ProfileTexts(
      Map<String, String> texts, List<String> warnings, Optional<String> problem) {

    static ProfileTexts read(HostState host, String dir, List<String> names) {
      Map<String, String> texts = new LinkedHashMap<>();
      List<String> warnings = new ArrayList<>();
      String defaults = dir + "/" + SapLdrCntrlPlanner.DEFAULT_PFL;
      if (host.stat(defaults).isPresent()) {
        HostFiles.Text text = HostFiles.read(host, defaults);
        if (text.problem().isPresent()) {
          return new ProfileTexts(texts, warnings, text.problem());
        }
        texts.put(SapLdrCntrlPlanner.DEFAULT_PFL, text.text().get());
      }
      for (String name : names) {
        HostFiles.Text text = HostFiles.read(host, dir + "/" + name);
        if (text.problem().isPresent()) {
          return new ProfileTexts(texts, warnings, text.problem());
        }
        warnings.addAll(otherAmbiguousSetenv(name, text.text().get()));
        texts.put(name, text.text().get());
      }
      return new ProfileTexts(texts, warnings, Optional.empty());
    }
  }

  /**
   * What the instances this host starts show: effective when all of them run the desired options.
   * The others are verified on their own hosts.
   */
  private record Outcome(List<PageState> states, boolean effective, List<String> notEffective) {

    static Outcome of(
        String sid,
        LdrCntrl desired,
        SapLdrCntrlPlanner.Result result,
        List<SapInstanceEffect> effects) {
      List<PageState> states = pageStates(sid, desired, result.instances(), effects);
      List<SapInstanceEffect> here = effects.stream().filter(SapInstanceEffect::here).toList();
      boolean effective = !here.isEmpty() && here.stream().allMatch(SapInstanceEffect::effective);
      List<String> notEffective = new ArrayList<>();
      here.forEach(e -> notEffective.addAll(e.reasons()));
      if (here.isEmpty()) {
        notEffective.add("no instance of " + sid + " is started on this host");
      }
      return new Outcome(states, effective, notEffective);
    }

    Map<String, Object> data(LdrCntrl desired, SapLdrCntrlPlanner.Result result) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("desired", "LDR_CNTRL=" + desired.render());
      data.put("persisted", result.persisted());
      data.put("effective", effective);
      data.put("pending_restart", !effective);
      return data;
    }

    /** No profile changes: what every instance gets, and the restart still pending, if any. */
    Plan upToDate(
        String sid,
        LdrCntrl desired,
        int instances,
        RestartTarget target,
        List<String> warnings,
        Map<String, Object> data) {
      String reason =
          "LDR_CNTRL="
              + desired.render()
              + " is what all "
              + instances
              + " instances of "
              + sid
              + " get from their profiles";
      String warned = warnings.isEmpty() ? "" : "; WARNING: " + String.join("; ", warnings);
      if (!effective) {
        data.put(
            "msg",
            reason
                + "; pending restart of "
                + target.describe()
                + ": "
                + String.join("; ", notEffective)
                + warned);
      } else if (!warned.isEmpty()) {
        data.put("msg", reason + warned);
      }
      return Plan.upToDate(reason + (effective ? " and effective" : ""), data)
          .withPageStates(states);
    }
  }

  /** One typed state per instance: the chain's answer beside what its own processes show. */
  static List<PageState> pageStates(
      String sid,
      LdrCntrl desired,
      List<SapLdrCntrlPlanner.InstanceState> persisted,
      List<SapInstanceEffect> effects) {
    List<PageState> out = new ArrayList<>();
    for (int i = 0; i < persisted.size(); i++) {
      SapLdrCntrlPlanner.InstanceState p = persisted.get(i);
      SapInstanceEffect e = effects.get(i);
      List<String> reasons = new ArrayList<>(p.notes());
      reasons.addAll(e.reasons());
      out.add(
          new PageState(
              "sap/" + sid + "/" + p.instance(),
              "LDR_CNTRL=" + desired.render(),
              p.persisted(),
              p.persistedValue(),
              e.effective(),
              e.value(),
              e.here() && !e.effective(),
              reasons));
    }
    return out;
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
}
