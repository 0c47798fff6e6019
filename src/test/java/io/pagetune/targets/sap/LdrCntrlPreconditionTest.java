package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.targets.sap.LdrCntrlPrecondition.Status;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LdrCntrlPreconditionTest {
  @ParameterizedTest
  @CsvSource({
    "753,1112,OK",
    "753,1300,OK",
    "753,1111,REFUSED",
    "754,110,OK",
    "754,109,REFUSED",
    "754,1112,OK",
    "785,100,UNKNOWN",
    "722,1300,UNKNOWN"
  })
  void minimumPatchRule(int release, int patch, Status expected) {
    LdrCntrlPrecondition p =
        LdrCntrlPrecondition.evaluate(Optional.of(new SapKernelVersion(release, patch)));
    assertEquals(expected, p.status(), p.reason());
    assertEquals(expected == Status.OK, p.ok());
    assertTrue(p.reason().contains(new SapKernelVersion(release, patch).toString()));
  }

  @Test
  void unreadableVersionIsUnknown() {
    assertEquals(Status.UNKNOWN, LdrCntrlPrecondition.evaluate(Optional.empty()).status());
  }
}
