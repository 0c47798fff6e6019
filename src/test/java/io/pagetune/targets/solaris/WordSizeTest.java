package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WordSizeTest {
  @Test
  void isainfo() {
    assertEquals(
        OptionalInt.of(64),
        IsainfoBits.fact().parse(Fixtures.ok("facts/isainfo_bits/sparc64.txt")).bits());
    assertEquals(OptionalInt.of(32), IsainfoBits.parse("32\n").bits());
    assertTrue(IsainfoBits.parse("isainfo: not found").bits().isEmpty());
  }

  @Test
  void elfWordSizeFromFileOutput() {
    assertEquals(
        ElfWordSize.BITS_64,
        ElfWordSize.fromFileOutput(Fixtures.read("facts/elf_word_size/webservd_64.txt")));
    assertEquals(
        ElfWordSize.BITS_32,
        ElfWordSize.fromFileOutput(Fixtures.read("facts/elf_word_size/webservd_32.txt")));
    assertEquals(
        ElfWordSize.UNKNOWN,
        ElfWordSize.fromFileOutput(Fixtures.read("facts/elf_word_size/shell_script.txt")));
    assertEquals(
        ElfWordSize.BITS_64,
        ElfWordSize.fromFileOutput("x: ELF 64-bit LSB executable, x86-64, version 1 (SYSV)"));
  }

  @Test
  void factQuotesPath() {
    assertEquals(
        "file '/opt/web server/lib/webservd'",
        ElfWordSize.fact("/opt/web server/lib/webservd").script());
  }
}
