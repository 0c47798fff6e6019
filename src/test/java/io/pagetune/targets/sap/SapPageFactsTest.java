package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.pages.PageFacts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SAP part of the page facts: the scan's sections parsed and summarized. */
class SapPageFactsTest {
  private final PageFacts pageFacts = new PageFacts(List.of(new SapFacts()));

  @Test
  void sapScanSections() {
    String out =
        String.join(
            "\n",
            "@@pt-sap dir NWP /usr/sap/NWP/SYS/profile",
            "@@pt-sap profiles NWP",
            "DEFAULT.PFL",
            "NWP_D00_sapnwpas",
            "NWP_D00_sapnwpas.20260301T101530Z~",
            "START_ASCS01_sapnwpas",
            "OTHER_D10_x",
            "NWP_ASCS01_sapnwpas",
            "@@pt-sap kernel NWP",
            "kernel release                754",
            "patch number                  110",
            "@@pt-sap ps NWP",
            "UID    PID TTY  TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD",
            "203 351270   -  1:04   64K   64K    4K      4K disp+work",
            "@@pt-sap ldr NWP",
            "NWP_D00_sapnwpas",
            "");
    SapSystemFacts nwp = SapSystemsScan.parse(out).get("NWP");
    assertEquals(
        List.of("NWP_ASCS01_sapnwpas", "NWP_D00_sapnwpas", "START_ASCS01_sapnwpas"),
        nwp.profiles());
    assertEquals(new SapKernelVersion(754, 110), nwp.kernel().orElseThrow());
    assertEquals(1, nwp.processes().byProgram("disp+work").size());
    Map<String, Object> summary =
        pageFacts.summary(Map.of(SapFacts.SAP_SYSTEMS.name(), Map.of("NWP", nwp)));
    assertEquals(
        "{NWP={profile_dir=/usr/sap/NWP/SYS/profile, profiles=[NWP_ASCS01_sapnwpas,"
            + " NWP_D00_sapnwpas, START_ASCS01_sapnwpas], ldr_cntrl_profiles=[NWP_D00_sapnwpas],"
            + " kernel=7.54 PL 110,"
            + " disp_work=[64K/64K/4K/4K]}}",
        summary.get("sap").toString());
  }
}
