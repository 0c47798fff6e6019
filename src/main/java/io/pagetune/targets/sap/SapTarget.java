package io.pagetune.targets.sap;

import io.pagetune.modules.Module;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** SAP kernels on IBM i PASE / AIX: LDR_CNTRL in the profiles, effective after a system restart. */
public final class SapTarget implements Target {
  /** The restart kind: one restart per SID, whichever of its hosts asked. */
  public static final String SYSTEM = "sap_system";

  @Override
  public String name() {
    return "sap";
  }

  @Override
  public List<Module> modules(Clock clock) {
    return List.of(new SapLdrCntrlModule(clock));
  }

  @Override
  public List<RestartKind> restartKinds() {
    return List.of(
        new RestartKind(
            SYSTEM, Duration.ofMinutes(30), SapSystemRestart::new, SapTarget::verifyArgs));
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
