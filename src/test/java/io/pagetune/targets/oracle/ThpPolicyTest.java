package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThpPolicyTest {
  @ParameterizedTest
  @CsvSource({
    "11, 5.15.0-208.159.3.el8uek.x86_64, never",
    "19, 5.15.0-208.159.3.el8uek.x86_64, never",
    "21, 5.15.0-208.159.3.el8uek.x86_64, madvise",
    "23, 6.12.0-1.el9uek.x86_64, madvise",
    "21, 5.4.17-2136.330.7.5.el8uek.x86_64, never",
    "23, 4.18.0-513.el8.x86_64, never",
    "26, 5.14.0-427.el9.x86_64, never"
  })
  void releaseRules(int release, String kernel, String mode) {
    assertEquals(mode, ThpPolicy.forOracle(release, kernel).mode());
  }

  @Test
  void uekDetection() {
    assertTrue(ThpPolicy.isUek7OrLater("5.15.0-1.el9uek.aarch64"));
    assertFalse(ThpPolicy.isUek7OrLater("5.15.0-1.el9.x86_64"));
    assertFalse(ThpPolicy.isUek7OrLater("uek"));
    assertFalse(ThpPolicy.isUek7OrLater(null));
  }
}
