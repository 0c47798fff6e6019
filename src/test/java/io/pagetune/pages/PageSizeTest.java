package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PageSizeTest {
  @ParameterizedTest
  @CsvSource({
    "4096,4096",
    "64K,65536",
    "64k,65536",
    "16M,16777216",
    "16m,16777216",
    "16G,17179869184",
    "2048 kB,2097152",
    "256M,268435456"
  })
  void parsesAixAndSolarisSpellings(String text, long bytes) {
    assertEquals(bytes, PageSize.parse(text).orElseThrow().bytes());
  }

  @Test
  void rejectsNonSizes() {
    assertTrue(PageSize.parse("-").isEmpty());
    assertTrue(PageSize.parse("").isEmpty());
    assertTrue(PageSize.parse("0").isEmpty());
    assertTrue(PageSize.parse("64X").isEmpty());
    assertTrue(PageSize.parse("99999999999T").isEmpty());
  }

  @Test
  void printsShortestExactForm() {
    assertEquals("64K", PageSize.SIZE_64K.toString());
    assertEquals("256M", PageSize.SIZE_256M.toString());
    assertEquals("16G", PageSize.SIZE_16G.toString());
    assertEquals("8K", new PageSize(8192).toString());
    assertEquals("1000", new PageSize(1000).toString());
  }
}
