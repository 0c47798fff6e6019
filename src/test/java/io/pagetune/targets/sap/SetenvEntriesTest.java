package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SetenvEntriesTest {
  private static SetenvEntries of(String path) {
    return SetenvEntries.of(SapProfile.parse(Fixtures.read(path)));
  }

  @Test
  void domainSampleHasSixEntriesAndNextIsSix() {
    SetenvEntries e = of("pages/sap_profile/ascs_setenv_domain.pfl");
    assertEquals(
        List.of("DIR_LIBRARY", "LD_LIBRARY_PATH", "SHLIB_PATH", "LIBPATH", "PATH", "SECUDIR"),
        e.active().stream().map(SetenvEntry::variable).toList());
    assertEquals("$(DIR_INSTANCE)/sec", e.forVariable("SECUDIR").get(0).value());
    assertEquals(OptionalInt.of(6), e.nextFreeIndex());
    assertTrue(e.ambiguous().isEmpty());
  }

  @Test
  void commentedLinesDoNotTakeAnIndex() {
    assertEquals(OptionalInt.of(6), of("pages/sap_profile/NWP_D00_sapnwpas.pfl").nextFreeIndex());
    SetenvEntries onlyComments = of("pages/sap_profile/commented_only.pfl");
    assertTrue(onlyComments.active().isEmpty());
    assertEquals(OptionalInt.of(0), onlyComments.nextFreeIndex());
  }

  @Test
  void nextIndexIsMaxPlusOneNotFirstGap() {
    SetenvEntries e =
        SetenvEntries.of(SapProfile.parse("SETENV_00 = A=1\nSETENV_07 = B=2\nSETENV_03 = C=3\n"));
    assertEquals(OptionalInt.of(8), e.nextFreeIndex());
  }

  @Test
  void noIndexPast99() {
    assertTrue(of("pages/sap_profile/setenv_99.pfl").nextFreeIndex().isEmpty());
  }

  @Test
  void detectsTwoLinesForOneVariable() {
    SetenvEntries e = of("pages/sap_profile/two_ldr_cntrl.pfl");
    assertEquals(List.of("LDR_CNTRL"), List.copyOf(e.ambiguous().keySet()));
    assertEquals(
        List.of(0, 2), e.ambiguous().get("LDR_CNTRL").stream().map(SetenvEntry::index).toList());
  }

  @Test
  void keyIsTwoDigits() {
    assertEquals("SETENV_07", SetenvEntries.key(7));
    assertEquals("SETENV_42", SetenvEntries.key(42));
    assertThrows(IllegalArgumentException.class, () -> SetenvEntries.key(100));
  }
}
