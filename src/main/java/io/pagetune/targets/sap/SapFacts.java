package io.pagetune.targets.sap;

import io.pagetune.facts.Fact;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The SAP page facts: every SAP system on IBM i PASE and AIX, with profiles, kernel and ps. */
final class SapFacts implements PageFactSection {
  public static final Fact<Map<String, SapSystemFacts>> SAP_SYSTEMS =
      new ScriptFact<>(
          "pages_sap_systems",
          PageFacts.only("OS400|AIX", SapSystemsScan.fact().script()),
          r -> SapSystemsScan.parse(r.stdout()));

  @Override
  public List<Fact<?>> facts() {
    return List.of(SAP_SYSTEMS);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void summarize(Map<String, Object> gathered, Map<String, Object> out) {
    Map<String, SapSystemFacts> sap =
        (Map<String, SapSystemFacts>) gathered.getOrDefault(SAP_SYSTEMS.name(), Map.of());
    if (sap.isEmpty()) {
      return;
    }
    Map<String, Object> systems = new LinkedHashMap<>();
    for (SapSystemFacts s : sap.values()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("profile_dir", s.profileDir());
      m.put("profiles", s.profiles());
      m.put("ldr_cntrl_profiles", s.profilesSettingLdrCntrl());
      m.put("kernel", s.kernel().map(SapKernelVersion::toString).orElse("unknown"));
      List<String> dw = new ArrayList<>();
      for (ProcessPageSizes p : s.processes().byProgram("disp+work")) {
        dw.add(
            String.join(
                "/",
                s.processes().sizeColumns().stream()
                    .map(c -> Optional.ofNullable(p.sizes().get(c)).map(PageSize::toString))
                    .map(o -> o.orElse("?"))
                    .toList()));
      }
      m.put("disp_work", dw);
      systems.put(s.sid(), m);
    }
    out.put("sap", systems);
  }
}
