package io.pagetune.targets.sap;

import io.pagetune.facts.Fact;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SAP slice's facts as other packages' tests need them: the slice keeps its types to itself, so
 * a test outside it gets sample fact scripts and parsed fixture facts here.
 */
public final class SapTestFacts {
  private SapTestFacts() {}

  /** One instance of each fact script the slice runs on a host. */
  public static List<Fact<?>> scripts() {
    return List.of(
        SapKernelVersion.dispWorkFact("nwpadm"),
        SapKernelVersion.versionInfoFact("00"),
        PsPageSizes.fact("nwpadm"),
        SapcontrolCall.fact("00", "GetProcessList"),
        SapServices.fact());
  }

  /** The gathered SAP systems fact holding one system with its profiles and its {@code ps}. */
  public static Map.Entry<String, Object> system(
      String sid, String profileDir, List<String> profiles, String ps) {
    SapSystemFacts system =
        new SapSystemFacts(
            sid, profileDir, profiles, List.of(), Optional.empty(), PsPageSizes.parse(ps));
    return Map.entry(SapFacts.SAP_SYSTEMS.name(), Map.of(sid, system));
  }
}
