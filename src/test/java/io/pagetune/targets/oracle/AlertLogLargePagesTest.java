package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class AlertLogLargePagesTest {
  private static AlertLogLargePages read(String name) {
    return AlertLogLargePages.parse(Fixtures.read("facts/alert_log_large_pages/" + name));
  }

  @Test
  void recommendationBlock() {
    AlertLogLargePages a = read("recommendation.txt");
    assertEquals(OptionalInt.of(85), a.percentInLargePages());
    assertEquals(OptionalLong.of(1024L << 20), a.sgaInLargePagesBytes());
    assertEquals(OptionalLong.of(512), a.usedPages());
    assertEquals(OptionalLong.of(0), a.unusedPages());
    assertEquals(OptionalLong.of(512), a.configuredPages());
    assertEquals(OptionalLong.of(2048L << 10), a.pageSizeBytes());
    assertEquals(
        Optional.of(
            "Total Shared Global Region size is 1202 MB. For optimal performance, prior to the next"
                + " instance restart increase the number of unused Large Pages by atleast 89 2048"
                + " KB Large Pages (178 MB) system wide to get 100% of the Shared Global Region"
                + " allocated with Large pages"),
        a.recommendation());
    assertFalse(a.fullyInLargePages());
  }

  @Test
  void goodCase() {
    AlertLogLargePages a = read("good_case.txt");
    assertEquals(OptionalInt.of(100), a.percentInLargePages());
    assertEquals(OptionalLong.of(16L << 30), a.sgaInLargePagesBytes());
    assertEquals(OptionalLong.of(8193), a.usedPages());
    assertEquals(OptionalLong.of(16404), a.unusedPages());
    assertEquals(OptionalLong.of(25226), a.configuredPages());
    assertTrue(a.recommendation().isEmpty());
    assertTrue(a.fullyInLargePages());
  }

  @Test
  void lastStartupCounts() {
    AlertLogLargePages a = read("two_startups.txt");
    assertEquals(OptionalInt.of(100), a.percentInLargePages());
    assertEquals(OptionalLong.of(601), a.usedPages());
    assertTrue(a.fullyInLargePages());
  }

  @Test
  void preElevenTwoHugePagesWording() {
    AlertLogLargePages a =
        AlertLogLargePages.parse(
            "****************** Huge Pages Information *****************\n"
                + "Total Shared Global Region in Huge Pages = 2 GB (100%)\n"
                + "Huge Pages used by this instance: 1025 (2050 MB)\n");
    assertEquals(OptionalInt.of(100), a.percentInLargePages());
    assertEquals(OptionalLong.of(1025), a.usedPages());
  }

  @Test
  void logWithoutBlock() {
    AlertLogLargePages a = AlertLogLargePages.parse("Starting ORACLE instance (normal)\n");
    assertFalse(a.found());
    assertFalse(a.fullyInLargePages());
  }
}
