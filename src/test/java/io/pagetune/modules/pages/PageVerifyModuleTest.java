package io.pagetune.modules.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.targets.Target;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.oracle.OracleTestFacts;
import io.pagetune.targets.sap.SapTarget;
import io.pagetune.targets.sap.SapTestFacts;
import io.pagetune.targets.solaris.SolarisTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageVerifyModuleTest {
  private static final List<PageVerifier> VERIFIERS =
      Stream.of(new SapTarget(), new SolarisTarget(), new OracleTarget())
          .map(Target::pageVerifier)
          .toList();

  @TempDir Path tmp;

  private static final String LOG = "/u01/app/oracle/diag/rdbms/orcl/ORCL/trace/alert_ORCL.log";

  private static String fixture(String path) throws Exception {
    return Files.readString(Path.of("src/test/resources/facts").resolve(path));
  }

  private Plan verify(String meminfo, String alertLog, Map<String, Object> args) {
    return new ModuleHarness(new PageVerifyModule(VERIFIERS), tmp)
        .facts(
            Map.ofEntries(
                OracleTestFacts.meminfo(meminfo), OracleTestFacts.alertLog(LOG, alertLog)))
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
  void aPrePagedSgaHoldingTheWholePlannedPoolIsInUse() throws Exception {
    Plan p =
        verify(
            fixture("meminfo/prepaged_sga_fully_in_use.txt"),
            fixture("alert_log_large_pages/good_case.txt"),
            Map.of("hugepages_total", 6148));
    ModuleHarness.assertUpToDate(p);
    assertEquals(true, p.data().get("effective"));
    assertTrue(p.reason().contains("HugePages_Total 6148 in use"), p.reason());
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

  private Plan verifySap(List<String> profiles, String ps) throws Exception {
    return new ModuleHarness(new PageVerifyModule(VERIFIERS), tmp)
        .facts(
            Map.ofEntries(
                SapTestFacts.system("NWP", "/usr/sap/NWP/SYS/profile", profiles, fixture(ps))))
        .plan(Map.of("sap_sid", "NWP"));
  }

  @Test
  void sapFailsNamingTheProcessesAndColumns() throws Exception {
    Plan p =
        verifySap(
            List.of("NWP_ASCS01_sapnwpas", "NWP_D00_sapnwpas"),
            "ps_page_sizes/pase_f_before_change.txt");
    String msg = p.failure().orElseThrow();
    assertTrue(
        msg.contains(
            "NWP D00: dispatcher disp+work (1 of 1, pid 351270) still at TPGSZ=4K, SHMPGSZ=4K"),
        msg);
    assertTrue(
        msg.contains(
            "NWP D00: work process disp+work (1 of 1, pid 351271) still at TPGSZ=4K, SHMPGSZ=4K"),
        msg);
    assertTrue(
        msg.contains(
            "NWP ASCS01: message server msg_server (1 of 1, pid 345640) still at DPGSZ=4K,"
                + " TPGSZ=4K, SPGSZ=4K, SHMPGSZ=4K"),
        msg);
    assertTrue(msg.contains("NWP ASCS01: enqueue server enserver (1 of 1, pid 345641)"), msg);
    assertTrue(msg.contains("NWP D00: gateway gwrd (1 of 1, pid 351276)"), msg);
    assertTrue(msg.contains("NWP D00: ICM icman (1 of 1, pid 351277)"), msg);
    assertTrue(msg.contains("NWP ASCS01: sapstart sapstart (1 of 1, pid 345602)"), msg);
    assertFalse(msg.contains("sapstartsrv"), "sapstartsrv keeps its sizes until RestartService");
  }

  @Test
  void sapProcessesThatNameNoInstanceJudgeNone() throws Exception {
    // the blog's plain "ps -u sidadm -Z": no pf=, no PPID, so no process is provably D00's
    Plan p = verifySap(List.of("NWP_D00_sapnwpas"), "ps_page_sizes/pase_before_change.txt");
    String msg = p.failure().orElseThrow();
    assertTrue(
        msg.contains(
            "NWP D00: its processes cannot be told apart (no pf= profile or instance name in"
                + " ps), and sapstart 345602, disp+work 351270, gwrd 351276, icman 351277 it could"
                + " own are not at DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K"),
        msg);
    assertEquals(false, p.data().get("effective"));
  }
}
