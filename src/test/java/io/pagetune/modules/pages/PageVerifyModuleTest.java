package io.pagetune.modules.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.pages.AlertLogLargePages;
import io.pagetune.pages.Meminfo;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PsPageSizes;
import io.pagetune.pages.SapSystemFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageVerifyModuleTest {
  @TempDir Path tmp;

  private static final String LOG = "/u01/app/oracle/diag/rdbms/orcl/ORCL/trace/alert_ORCL.log";

  private static String fixture(String path) throws Exception {
    return Files.readString(Path.of("src/test/resources/facts").resolve(path));
  }

  private Plan verify(String meminfo, String alertLog, Map<String, Object> args) {
    return new ModuleHarness(new PageVerifyModule(), tmp)
        .facts(
            Map.of(
                PageFacts.MEMINFO.name(), Meminfo.parse(meminfo),
                AlertLogLargePages.fact(LOG).name(), AlertLogLargePages.parse(alertLog)))
        .plan(args);
  }

  @Test
  void hugePagesPassWhenThePoolIsInUseAndTheSgaIsFullyInLargePages() throws Exception {
    Plan p =
        verify(
            fixture("meminfo/exadata_after_start.txt"),
            fixture("alert_log_large_pages/good_case.txt"),
            Map.of("hugepages_total", 159427, "alert_log", LOG));
    ModuleHarness.assertUpToDate(p);
    assertEquals(true, p.data().get("effective"));
  }

  @Test
  void theRecommendationVariantAndAWrongPoolFailWithSpecifics() throws Exception {
    Plan p =
        verify(
            fixture("meminfo/exadata_after_start.txt"),
            fixture("alert_log_large_pages/recommendation.txt"),
            Map.of("hugepages_total", 160000, "alert_log", LOG));
    String msg = p.failure().orElseThrow();
    assertTrue(msg.contains("HugePages_Total is 159427, planned 160000"), msg);
    assertTrue(msg.contains("85% of the SGA in large pages; RECOMMENDATION:"), msg);
    assertTrue(msg.contains("atleast 89 2048 KB Large Pages"), msg);
  }

  @Test
  void sapFailsNamingTheProcessesAndColumns() throws Exception {
    SapSystemFacts nwp =
        new SapSystemFacts(
            "NWP",
            "/usr/sap/NWP/SYS/profile",
            List.of("NWP_D00_sapnwpas"),
            List.of("NWP_D00_sapnwpas"),
            Optional.empty(),
            PsPageSizes.parse(fixture("ps_page_sizes/pase_before_change.txt")));
    Plan p =
        new ModuleHarness(new PageVerifyModule(), tmp)
            .facts(Map.of(PageFacts.SAP_SYSTEMS.name(), Map.of("NWP", nwp)))
            .plan(Map.of("sap_sid", "NWP"));
    String msg = p.failure().orElseThrow();
    assertTrue(
        msg.contains("NWP: disp+work not at the desired page sizes (pid 351270 TPGSZ=4K"), msg);
    assertTrue(msg.contains("pid 351270 SHMPGSZ=4K"), msg);
  }
}
