package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SapSetenvChainTest {
  private static SapSetenvChain chain(String defaults, String instance) {
    return SapSetenvChain.of(
        new SapSetenvChain.Link("DEFAULT.PFL", SapProfile.parse(defaults)),
        new SapSetenvChain.Link("PRD_D10_h", SapProfile.parse(instance)));
  }

  @Test
  void anInstanceSetenvReplacesDefaultPflsOfTheSameNumberWhateverItSets() {
    SapSetenvChain c =
        chain(
            "SETENV_00 = LDR_CNTRL=MAXDATA=0x80000000\nSETENV_06 = AIXTHREAD_SCOPE=S\n",
            "SETENV_00 = DIR_LIBRARY=/usr/sap/PRD/D10/exe\nSETENV_01 = PATH=/x\n");
    assertEquals(List.of(0, 1, 6), List.copyOf(c.resolved().keySet()));
    assertEquals("PRD_D10_h", c.resolved().get(0).source());
    assertEquals("DEFAULT.PFL SETENV_06", c.resolved().get(6).describe());
    assertEquals(java.util.Optional.empty(), c.winner("LDR_CNTRL"));
    List<SapSetenvChain.Shadowed> hidden = c.shadowed("LDR_CNTRL");
    assertEquals(1, hidden.size());
    assertEquals("DEFAULT.PFL SETENV_00", hidden.get(0).hidden().describe());
    assertEquals("DIR_LIBRARY", hidden.get(0).by().entry().variable());
    assertEquals(OptionalInt.of(6), c.highestIndex());
  }

  @Test
  void theHighestNumberSettingAVariableWinsAcrossProfiles() {
    SapSetenvChain c =
        chain(
            "SETENV_00 = LDR_CNTRL=MAXDATA=0x80000000\n",
            "SETENV_01 = PATH=/x\nSETENV_07 = LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K\n");
    assertEquals("PRD_D10_h SETENV_07", c.winner("LDR_CNTRL").orElseThrow().describe());
    assertEquals(List.of(), c.shadowed("LDR_CNTRL"), "DEFAULT.PFL's line is not replaced");
  }

  @Test
  void commentedLinesTakeNoNumberAndSetNothing() {
    SapSetenvChain c =
        chain("#SETENV_09 = LDR_CNTRL=DATAPSIZE=16M\n", "  # SETENV_08 = X=1\nSETENV_02 = Y=2\n");
    assertEquals(OptionalInt.of(2), c.highestIndex());
    assertEquals(java.util.Optional.empty(), c.winner("LDR_CNTRL"));
  }

  @Test
  void noProfileHasASetenv() {
    assertEquals(OptionalInt.empty(), chain("SAPSYSTEMNAME = PRD\n", "").highestIndex());
  }
}
