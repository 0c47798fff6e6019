package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.PageSize;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LdrCntrlTest {
  private static final LdrCntrl DESIRED = LdrCntrl.allPageSizes(PageSize.SIZE_64K);

  @Test
  void desiredValueIsTheDomainString() {
    assertEquals("DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K", DESIRED.render());
  }

  @Test
  void openJ9OrderSatisfiesTheSameOptions() {
    LdrCntrl j9 = LdrCntrl.parse("TEXTPSIZE=64K@SHMPSIZE=64K@DATAPSIZE=64K@STACKPSIZE=64K");
    assertTrue(j9.satisfies(DESIRED));
    assertEquals(j9, j9.mergedWith(DESIRED));
  }

  @Test
  void mergeKeepsOtherOptionsAndOrder() {
    LdrCntrl current = LdrCntrl.parse("MAXDATA=0x80000000@TEXTPSIZE=4K");
    assertFalse(current.satisfies(DESIRED));
    LdrCntrl merged = current.mergedWith(DESIRED);
    assertEquals(
        "MAXDATA=0x80000000@TEXTPSIZE=64K@DATAPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K",
        merged.render());
    assertTrue(merged.satisfies(DESIRED));
    assertEquals(Optional.of("0x80000000"), merged.option("MAXDATA"));
  }

  @Test
  void repeatedOptionIsNotCompliantAndMergeKeepsOne() {
    LdrCntrl twice =
        LdrCntrl.parse("DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K@DATAPSIZE=4K");
    assertFalse(twice.satisfies(DESIRED));
    assertEquals(DESIRED, twice.mergedWith(DESIRED));
  }

  @Test
  void sizesCompareByBytes() {
    assertTrue(
        LdrCntrl.parse("DATAPSIZE=65536@TEXTPSIZE=64k@STACKPSIZE=64K@SHMPSIZE=64K")
            .satisfies(DESIRED));
  }

  @Test
  void bareTokensAndEmptyPartsSurvive() {
    LdrCntrl l = LdrCntrl.parse("%(LDR_CNTRL)@@MAXDATA=0x80000000");
    assertEquals("%(LDR_CNTRL)@MAXDATA=0x80000000", l.render());
    assertEquals(0, LdrCntrl.parse("").options().size());
  }

  @Test
  void aixRulesForPageSizes() {
    assertTrue(DESIRED.problems().isEmpty());
    assertTrue(LdrCntrl.parse("DATAPSIZE=16M@SHMPSIZE=16G").problems().isEmpty());
    List<String> p = LdrCntrl.parse("STACKPSIZE=16M@TEXTPSIZE=16G@DATAPSIZE=huge").problems();
    assertEquals(3, p.size(), p.toString());
    assertTrue(p.get(0).startsWith("STACKPSIZE=16M"));
  }
}
