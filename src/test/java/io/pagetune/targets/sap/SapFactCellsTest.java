package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.pages.PageFacts;
import io.pagetune.targets.FactCells;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The SAP target's cells of the {@code pagetune facts} row, from a scan: what disp+work runs with
 * and how many run, the kernel, and a system restart pending where a profile sets LDR_CNTRL.
 */
class SapFactCellsTest {
  private static FactCells cells(String scan) {
    Map<String, Object> pages =
        new PageFacts(List.of(new SapFacts()))
            .summary(Map.of(SapFacts.SAP_SYSTEMS.name(), SapSystemsScan.parse(scan)));
    return new SapTarget().factCells(pages);
  }

  private static String system(String sid, String ldrProfile, String... dispWork) {
    StringBuilder s =
        new StringBuilder()
            .append("@@pt-sap dir ")
            .append(sid)
            .append(" /usr/sap/")
            .append(sid)
            .append("/SYS/profile\n@@pt-sap profiles ")
            .append(sid)
            .append('\n')
            .append(sid)
            .append("_D00_host\n@@pt-sap kernel ")
            .append(sid)
            .append("\nkernel release                754\npatch number                  110\n")
            .append("@@pt-sap ps ")
            .append(sid)
            .append("\nUID    PID TTY  TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD\n");
    for (int i = 0; i < dispWork.length; i++) {
      s.append("203 35127").append(i).append("   -  1:04 ").append(dispWork[i]).append('\n');
    }
    s.append("@@pt-sap ldr ").append(sid).append('\n');
    if (!ldrProfile.isEmpty()) {
      s.append(ldrProfile).append('\n');
    }
    return s.toString();
  }

  @Test
  void aSetProfileWithSmallPagesRunningIsAPendingSystemRestart() {
    FactCells c =
        cells(
            system(
                "NWP",
                "NWP_D00_host",
                "  64K   64K    4K      4K disp+work",
                "  64K   64K    4K      4K disp+work",
                "  64K   64K   64K     64K disp+work"));
    assertEquals(List.of("NWP disp+work 64K/64K/4K/4K 64K/64K/64K/64K x3"), c.inUse());
    assertEquals(List.of("NWP 7.54 PL 110"), c.kernels());
    assertEquals(List.of("SAP system NWP"), c.pending());
    assertEquals(List.of(), c.hugePages());
    assertEquals(List.of(), c.thp());
  }

  @Test
  void noRestartIsPendingWhenAll64kRunOrNothingSetsIt() {
    FactCells c =
        cells(
            system("NWP", "NWP_D00_host", "  64K   64K   64K     64K disp+work")
                + system("QAS", "", "   4K    4K    4K      4K disp+work")
                + system("DEV", "DEV_D00_host"));
    assertEquals(
        List.of(
            "DEV disp+work not running",
            "NWP disp+work 64K/64K/64K/64K x1",
            "QAS disp+work 4K/4K/4K/4K x1"),
        c.inUse().stream().sorted().toList());
    assertEquals(List.of(), c.pending());
  }

  @Test
  void anotherTargetsCellsFollowInTheirColumns() {
    FactCells sap = cells(system("NWP", "", "  64K   64K   64K     64K disp+work"));
    FactCells pool =
        new FactCells(
            List.of("pool"), List.of("8 pool, 2 used"), List.of("never"), List.of(), List.of());
    FactCells row = sap.plus(pool);
    assertEquals(List.of("NWP disp+work 64K/64K/64K/64K x1", "pool"), row.inUse());
    assertEquals(List.of("8 pool, 2 used"), row.hugePages());
    assertEquals(List.of("never"), row.thp());
    assertEquals(List.of("NWP 7.54 PL 110"), row.kernels());
  }
}
