package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.pages.Platform.Os;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlatformTest {
  @ParameterizedTest
  @CsvSource({
    "linux_uek7.txt, LINUX, 5.15.0-208.159.3.el8uek.x86_64",
    "aix72.txt, AIX, 7.2",
    "ibmi_pase74.txt, IBM_I_PASE, 7.4",
    "solaris11.txt, SOLARIS, 5.11"
  })
  void unameOutputs(String file, Os os, String release) {
    Platform p = Platform.fact().parse(Fixtures.ok("facts/platform/" + file));
    assertEquals(os, p.os());
    assertEquals(release, p.displayRelease());
  }

  @Test
  void oddOutput() {
    Platform p = Platform.parse("FreeBSD\n");
    assertEquals(Os.OTHER, p.os());
    assertEquals("", p.displayRelease());
    assertEquals(Os.OTHER, Platform.parse("").os());
  }
}
