package io.pagetune.targets.sap;

import io.pagetune.modules.Module;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.RestartTarget.Scope;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.FactCells;
import io.pagetune.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** SAP kernels on IBM i PASE / AIX: LDR_CNTRL in the profiles, effective after a system restart. */
public final class SapTarget implements Target {
  /** The restart kind: one restart per SID, whichever of its hosts asked. */
  public static final String SYSTEM = "sap_system";

  /** One restart of a SAP system restarts every instance of its SID, whichever host asked. */
  static final RestartKind SYSTEM_RESTART =
      new RestartKind(
          SYSTEM,
          "SAP system",
          Scope.SYSTEM,
          Duration.ofMinutes(30),
          SapSystemRestart::new,
          SapTarget::verifyArgs);

  /** The 64K setting of all four segments, as the module writes it by default. */
  private static final String DESIRED =
      "LDR_CNTRL=" + LdrCntrl.allPageSizes(PageSize.SIZE_64K).render();

  /** disp+work's DATA/TEXT/STACK/SHM page sizes when the setting is in effect. */
  private static final String ALL_64K = "64K/64K/64K/64K";

  @Override
  public String name() {
    return "sap";
  }

  @Override
  public List<Module> modules(Clock clock) {
    return List.of(new SapLdrCntrlModule(clock));
  }

  @Override
  public PageVerifier pageVerifier() {
    return new SapPageVerifier();
  }

  @Override
  public PageFactSection pageFacts() {
    return new SapFacts();
  }

  @Override
  public List<RestartKind> restartKinds() {
    return List.of(SYSTEM_RESTART);
  }

  /**
   * Per SAP system: effective when every disp+work runs with 64K in all four columns. Which
   * profiles set LDR_CNTRL is shown, but whether their chain gives the desired setting is what
   * {@code sap_ldr_cntrl} computes from the profile contents, so the facts never claim persisted.
   */
  @Override
  @SuppressWarnings("unchecked")
  public List<PageState> factStates(Map<String, Object> pages) {
    List<PageState> out = new ArrayList<>();
    Map<String, Object> systems = (Map<String, Object>) pages.getOrDefault("sap", Map.of());
    for (Map.Entry<String, Object> s : systems.entrySet()) {
      Map<String, Object> m = (Map<String, Object>) s.getValue();
      List<String> dw = (List<String>) m.getOrDefault("disp_work", List.of());
      List<String> profiles = (List<String>) m.getOrDefault("ldr_cntrl_profiles", List.of());
      boolean effective = !dw.isEmpty() && dw.stream().allMatch(ALL_64K::equals);
      String running = String.join(" ", dw.stream().distinct().toList());
      List<String> reasons = new ArrayList<>();
      reasons.add("whether the profile chain persists the setting is computed by sap_ldr_cntrl");
      if (dw.isEmpty()) {
        reasons.add("disp+work is not running");
      } else if (!effective) {
        reasons.add("disp+work runs with " + running);
      }
      out.add(
          new PageState(
              "sap/" + s.getKey(),
              DESIRED,
              false,
              profiles.isEmpty() ? "" : "LDR_CNTRL set in " + String.join(", ", profiles),
              effective,
              dw.isEmpty() ? "not running" : running,
              false,
              reasons));
    }
    return out;
  }

  /**
   * Per SAP system: the page sizes disp+work runs with and how many run, its kernel, and a pending
   * system restart when a profile sets LDR_CNTRL but not every disp+work runs with 64K yet.
   */
  @Override
  @SuppressWarnings("unchecked")
  public FactCells factCells(Map<String, Object> pages) {
    List<String> inUse = new ArrayList<>();
    List<String> kernels = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    Map<String, Object> systems = (Map<String, Object>) pages.getOrDefault("sap", Map.of());
    for (Map.Entry<String, Object> s : systems.entrySet()) {
      Map<String, Object> m = (Map<String, Object>) s.getValue();
      List<String> dw = (List<String>) m.getOrDefault("disp_work", List.of());
      inUse.add(
          s.getKey()
              + " disp+work "
              + (dw.isEmpty()
                  ? "not running"
                  : String.join(" ", dw.stream().distinct().toList()) + " x" + dw.size()));
      kernels.add(s.getKey() + " " + m.get("kernel"));
      List<String> profiles = (List<String>) m.getOrDefault("ldr_cntrl_profiles", List.of());
      if (!profiles.isEmpty() && !dw.stream().allMatch(ALL_64K::equals)) {
        pending.add("SAP system " + s.getKey());
      }
    }
    return new FactCells(inUse, List.of(), List.of(), kernels, pending);
  }

  /** page_verify of disp+work's page sizes for the SID (the id may carry /instance number). */
  private static Optional<Map<String, Object>> verifyArgs(
      RestartTarget target, Map<String, Object> vars) {
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("sap_sid", target.id().split("/", 2)[0]);
    Object options = vars.get("sap_ldr_cntrl_options");
    if (options != null) {
      raw.put("sap_options", String.valueOf(options));
    }
    return Optional.of(raw);
  }
}
