package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.AuditStamp;
import io.pagetune.pages.Fixtures;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.TextEdit;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SapProfileEditTest {
  private static final LdrCntrl DESIRED = LdrCntrl.allPageSizes(PageSize.SIZE_64K);
  private static final AuditStamp STAMP =
      new AuditStamp("r-0001", Instant.parse("2026-11-29T21:00:00Z"));
  private static final AuditStamp LATER =
      new AuditStamp("r-0002", Instant.parse("2026-12-01T08:00:00Z"));

  private static TextEdit edit(String text) {
    return SapProfileEdit.ensureLdrCntrl(text, DESIRED, STAMP);
  }

  @Test
  void addsNextSetenvAfterHighestIndexWithAuditComment() {
    String before = Fixtures.read("pages/sap_profile/NWP_D00_sapnwpas.pfl");
    TextEdit.Changed changed = assertInstanceOf(TextEdit.Changed.class, edit(before));
    assertEquals(
        Fixtures.read("pages/sap_profile/NWP_D00_sapnwpas.expected.pfl"), changed.newText());
    assertTrue(changed.summary().contains("SETENV_06"));
  }

  @Test
  void mergesIntoExistingLineKeepingMaxdataAndSpacing() {
    String before = Fixtures.read("pages/sap_profile/START_ASCS01_maxdata.pfl");
    TextEdit.Changed changed = assertInstanceOf(TextEdit.Changed.class, edit(before));
    assertEquals(
        Fixtures.read("pages/sap_profile/START_ASCS01_maxdata.expected.pfl"), changed.newText());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pages/sap_profile/NWP_D00_sapnwpas.pfl",
        "pages/sap_profile/START_ASCS01_maxdata.pfl",
        "pages/sap_profile/ascs_setenv_domain.pfl",
        "pages/sap_profile/commented_only.pfl"
      })
  void applyingTheEditToItsOutputChangesNothing(String path) {
    TextEdit.Changed first = assertInstanceOf(TextEdit.Changed.class, edit(Fixtures.read(path)));
    TextEdit second = SapProfileEdit.ensureLdrCntrl(first.newText(), DESIRED, LATER);
    assertInstanceOf(TextEdit.Unchanged.class, second);
  }

  @Test
  void compliantProfileInAnyOrderAndSpellingIsUnchanged() {
    TextEdit.Unchanged u =
        assertInstanceOf(
            TextEdit.Unchanged.class, edit(Fixtures.read("pages/sap_profile/compliant.pfl")));
    assertTrue(u.reason().contains("SETENV_01"), u.reason());
  }

  @Test
  void commentedLdrCntrlIsNeitherReusedNorRewritten() {
    String before = Fixtures.read("pages/sap_profile/commented_only.pfl");
    TextEdit.Changed changed = assertInstanceOf(TextEdit.Changed.class, edit(before));
    assertTrue(changed.newText().startsWith(before), "original bytes untouched");
    assertTrue(
        changed
            .newText()
            .endsWith(
                "\nSETENV_00 = LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n"));
  }

  @Test
  void twoLdrCntrlLinesAreRefused() {
    TextEdit.Refused r =
        assertInstanceOf(
            TextEdit.Refused.class, edit(Fixtures.read("pages/sap_profile/two_ldr_cntrl.pfl")));
    assertTrue(r.reason().contains("SETENV_00 at line 1, SETENV_02 at line 3"), r.reason());
  }

  @Test
  void noFreeIndexIsRefused() {
    TextEdit.Refused r =
        assertInstanceOf(
            TextEdit.Refused.class, edit(Fixtures.read("pages/sap_profile/setenv_99.pfl")));
    assertTrue(r.reason().contains("SETENV_99"), r.reason());
  }

  @Test
  void invalidDesiredOptionsAreRefused() {
    TextEdit r = SapProfileEdit.ensureLdrCntrl("A = 1\n", LdrCntrl.parse("STACKPSIZE=16M"), STAMP);
    assertInstanceOf(TextEdit.Refused.class, r);
  }

  @Test
  void crlfFileWithoutFinalNewlineGetsCrlfLinesAndAFinalNewline() {
    String before = "SETENV_00 = PATH=x\r\nrdisp/x = 1";
    TextEdit.Changed c = assertInstanceOf(TextEdit.Changed.class, edit(before));
    assertEquals(
        "SETENV_00 = PATH=x\r\n"
            + "# pagetune run r-0001 at 2026-11-29T21:00:00Z: added SETENV_01 = LDR_CNTRL="
            + DESIRED
            + "\r\nSETENV_01 = LDR_CNTRL="
            + DESIRED
            + "\r\nrdisp/x = 1",
        c.newText());
  }

  @Test
  void emptyProfileGetsTheLine() {
    TextEdit.Changed c = assertInstanceOf(TextEdit.Changed.class, edit(""));
    assertTrue(c.newText().endsWith("SETENV_00 = LDR_CNTRL=" + DESIRED + "\n"));
    assertTrue(c.newText().startsWith("# pagetune run r-0001"));
  }

  @Test
  void lastLineWithoutNewlineIsCompletedBeforeAppending() {
    TextEdit.Changed c = assertInstanceOf(TextEdit.Changed.class, edit("SETENV_00 = PATH=x"));
    assertTrue(c.newText().startsWith("SETENV_00 = PATH=x\n# pagetune"), c.newText());
    assertTrue(c.newText().endsWith("SETENV_01 = LDR_CNTRL=" + DESIRED + "\n"));
  }
}
