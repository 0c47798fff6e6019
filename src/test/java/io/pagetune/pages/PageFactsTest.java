package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.facts.Fact;
import io.pagetune.targets.oracle.OracleFacts;
import io.pagetune.targets.sap.SapFacts;
import io.pagetune.targets.sap.SapKernelVersion;
import io.pagetune.targets.sap.SapSystemFacts;
import io.pagetune.targets.sap.SapSystemsScan;
import io.pagetune.targets.solaris.SolarisFacts;
import io.pagetune.targets.solaris.WebServersScan;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PageFactsTest {
  private final PageFacts pageFacts =
      new PageFacts(List.of(new SapFacts(), new SolarisFacts(), new OracleFacts()));

  @Test
  void scriptsParseAndNamesAreUnique() throws Exception {
    Set<String> names = new HashSet<>();
    List<Fact<?>> facts = pageFacts.facts();
    for (Fact<?> f : facts) {
      assertTrue(names.add(f.name()), f.name());
      assertTrue(f.name().startsWith("pages_"), "kept apart from the base facts: " + f.name());
      Process p = new ProcessBuilder("/bin/sh", "-n", "-c", f.script()).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      assertEquals(0, p.exitValue(), f.name() + ": " + err);
    }
  }

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

  @Test
  void webScanSummary() {
    Map<String, Object> summary =
        pageFacts.summary(
            Map.of(
                SolarisFacts.WEB_SERVERS.name(),
                WebServersScan.parse(Fixtures.read("facts/web_servers/two_instances.txt"))));
    assertEquals(
        "{/var/opt/SUNWwbsvr7/https-intranet={word_size=bits_32, mpss_block=false,"
            + " install_root=/opt/SUNWwbsvr7, heap=not running, worker=not running},"
            + " /var/opt/SUNWwbsvr7/https-shop={word_size=bits_64, mpss_block=true,"
            + " install_root=/opt/SUNWwbsvr7, heap=256M:100%, worker=worker pid 2231:"
            + " 256M:100%}}",
        summary.get("web_servers").toString());
  }
}
