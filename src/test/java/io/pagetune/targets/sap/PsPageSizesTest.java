package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.Fixtures;
import io.pagetune.pages.PageSize;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PsPageSizesTest {
  private static PsPageSizes parse(String path) {
    return PsPageSizes.parse(Fixtures.read("facts/ps_page_sizes/" + path));
  }

  @Test
  void domainSampleBeforeTheChange() {
    PsPageSizes ps = parse("pase_before_change.txt");
    assertEquals(List.of("DPGSZ", "SPGSZ", "TPGSZ", "SHMPGSZ"), ps.sizeColumns());
    assertEquals(7, ps.processes().size());
    ProcessPageSizes dw = ps.byProgram("disp+work").get(0);
    assertEquals("351270", dw.pid());
    assertEquals(Optional.of(PageSize.SIZE_64K), dw.data());
    assertEquals(Optional.of(PageSize.SIZE_64K), dw.stack());
    assertEquals(Optional.of(PageSize.SIZE_4K), dw.text());
    assertEquals(Optional.of(PageSize.SIZE_4K), dw.sharedMemory());
    assertEquals("sapstartsrv", ps.processes().get(0).command());
    assertFalse(ps.allDispWorkAt64K());
  }

  @Test
  void afterTheChangeEveryDispWorkIs64K() {
    PsPageSizes ps = parse("pase_after_change.txt");
    assertEquals(2, ps.byProgram("disp+work").size());
    assertTrue(ps.allDispWorkAt64K());
    assertFalse(ps.allAt("sapstartsrv", PageSize.SIZE_64K));
  }

  @Test
  void threeColumnVariantHasNoSharedMemoryColumn() {
    PsPageSizes ps = parse("aix_three_columns.txt");
    assertEquals(List.of("DPGSZ", "SPGSZ", "TPGSZ"), ps.sizeColumns());
    ProcessPageSizes dw = ps.byProgram("disp+work").get(0);
    assertEquals("487558", dw.pid());
    assertTrue(dw.sharedMemory().isEmpty());
    assertEquals(
        "/usr/sap/NWP/D00/exe/disp+work pf=/usr/sap/NWP/SYS/profile/NWP_D00_host", dw.command());
    assertEquals("ps -Z", ps.processes().get(1).command());
    assertTrue(ps.allDispWorkAt64K());
  }

  @Test
  void efzLayoutWithSpaceInStime() {
    PsPageSizes ps = parse("ps_efz.txt");
    assertEquals(2, ps.processes().size());
    ProcessPageSizes psp0 = ps.processes().get(0);
    assertEquals("340180", psp0.pid());
    assertEquals("ora_psp0_ordb", psp0.command());
    assertEquals(Optional.of(PageSize.SIZE_4K), psp0.sharedMemory());
    ProcessPageSizes pmon = ps.processes().get(1);
    assertEquals("340222", pmon.pid());
    assertEquals(Optional.of(PageSize.SIZE_16M), pmon.sharedMemory());
    assertEquals("ora_pmon_ordb", pmon.command());
  }

  @Test
  void noHeaderOrNoDispWork() {
    assertTrue(PsPageSizes.parse("ps: not supported\n").processes().isEmpty());
    assertFalse(PsPageSizes.parse("").allDispWorkAt64K());
  }

  @Test
  void factQuotesUser() {
    var fact = PsPageSizes.fact("nwpadm");
    assertEquals("ps -u nwpadm -Z", fact.script());
    assertEquals(
        7,
        fact.parse(Fixtures.ok("facts/ps_page_sizes/pase_before_change.txt")).processes().size());
    assertTrue(fact.parse(CommandResult.of(1, "", "")).processes().isEmpty());
  }

  @Test
  void psDashFKeepsTheParentAndTheWholeCommandLine() {
    PsPageSizes ps = parse("aix_f_ascs_not_restarted.txt");
    ProcessPageSizes ms = ps.processes().get(2);
    assertEquals("4587750", ms.pid());
    assertEquals("4587700", ms.ppid());
    assertEquals("ms.sapPRD_ASCS00 pf=/sapmnt/PRD/profile/PRD_ASCS00_aixprdcs", ms.command());
    assertEquals("ms.sapPRD_ASCS00", ms.program());
    assertEquals(16, ps.processes().size());
    assertEquals("", parse("pase_before_change.txt").processes().get(0).ppid());
    // AIX runs disp+work as sapstart's link dw.sap<SID>_<INSTANCE>
    assertEquals(
        List.of("5111950", "5111951", "5111952"),
        ps.byProgram("disp+work").stream().map(ProcessPageSizes::pid).toList());
    assertEquals(1, ps.byProgram("msg_server").size());
    assertEquals(1, ps.byProgram("saposcol").size());
  }
}
