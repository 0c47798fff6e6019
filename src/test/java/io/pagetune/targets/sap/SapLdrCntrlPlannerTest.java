package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.AuditStamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The pure chain planner on inline profiles (the module cases are in modules/pages). */
class SapLdrCntrlPlannerTest {
  private static final LdrCntrl DESIRED =
      LdrCntrl.parse("DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K");
  private static final AuditStamp STAMP =
      new AuditStamp("r1", Instant.parse("2026-11-29T10:00:00Z"));
  private static final List<SapInstanceProfiles> D02 =
      List.of(new SapInstanceProfiles("D02", Optional.of("NWP_D02_h"), Optional.of("START_D02_h")));

  private static Map<String, String> texts(String defaults, String instance, String start) {
    Map<String, String> t = new LinkedHashMap<>();
    t.put("DEFAULT.PFL", defaults);
    t.put("NWP_D02_h", instance);
    t.put("START_D02_h", start);
    return t;
  }

  @Test
  void theStartProfileIsAChainOfItsOwnAndSharesTheNumbering() {
    Map<String, String> t =
        texts(
            "SETENV_00 = LDR_CNTRL=MAXDATA=0x80000000\nSETENV_03 = TZ=UTC\n",
            "SETENV_00 = DIR_LIBRARY=/x\nSETENV_01 = PATH=/y\nSETENV_02 = LIBPATH=/z\n",
            "SETENV_04 = LIBPATH=/z\n");
    SapLdrCntrlPlanner.Result r = SapLdrCntrlPlanner.plan(DESIRED, D02, t, STAMP);
    assertEquals(Optional.empty(), r.refusal());
    assertEquals(false, r.persisted());
    assertEquals(
        "NWP_D02_h: (none); START_D02_h: LDR_CNTRL=MAXDATA=0x80000000 (DEFAULT.PFL SETENV_00)",
        r.instances().get(0).persistedValue());
    // 05: above DEFAULT.PFL's 03 and the start profile's 04, in both files
    assertTrue(
        r.newTexts()
            .get("NWP_D02_h")
            .endsWith(
                "SETENV_05 = LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n"),
        r.newTexts()::toString);
    assertTrue(
        r.newTexts()
            .get("START_D02_h")
            .endsWith(
                "SETENV_05 ="
                    + " LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n"),
        r.newTexts()::toString);
    Map<String, String> after = new LinkedHashMap<>(t);
    after.putAll(r.newTexts());
    SapLdrCntrlPlanner.Result again = SapLdrCntrlPlanner.plan(DESIRED, D02, after, STAMP);
    assertEquals(Map.of(), again.newTexts());
    assertEquals(true, again.persisted());
  }

  @Test
  void anOwnWinningLineIsMergedInPlace() {
    Map<String, String> t =
        texts(
            "SETENV_00 = LDR_CNTRL=MAXDATA=0x80000000\n",
            "SETENV_01 = PATH=/y\nSETENV_02 = LDR_CNTRL=MAXDATA=0xA0000000@DATAPSIZE=4K\n",
            "SETENV_03 = LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n");
    SapLdrCntrlPlanner.Result r = SapLdrCntrlPlanner.plan(DESIRED, D02, t, STAMP);
    assertEquals(List.of("NWP_D02_h"), List.copyOf(r.newTexts().keySet()));
    assertEquals(
        List.of(
            "NWP_D02_h: SETENV_02: LDR_CNTRL MAXDATA=0xA0000000@DATAPSIZE=4K ->"
                + " MAXDATA=0xA0000000@DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K"),
        r.changes());
  }

  @Test
  void refusalsNameTheFile() {
    SapLdrCntrlPlanner.Result twice =
        SapLdrCntrlPlanner.plan(
            DESIRED,
            D02,
            texts("SETENV_00 = LDR_CNTRL=A=1\nSETENV_01 = LDR_CNTRL=B=2\n", "", ""),
            STAMP);
    assertTrue(twice.refusal().orElseThrow().startsWith("DEFAULT.PFL: ambiguous: LDR_CNTRL"));
    SapLdrCntrlPlanner.Result full =
        SapLdrCntrlPlanner.plan(DESIRED, D02, texts("SETENV_99 = X=1\n", "", ""), STAMP);
    assertTrue(
        full.refusal()
            .orElseThrow()
            .startsWith(
                "NWP_D02_h: no free SETENV index: an active SETENV_99 exists in DEFAULT.PFL"),
        full.refusal()::toString);
    assertEquals(Map.of(), full.newTexts());
  }
}
