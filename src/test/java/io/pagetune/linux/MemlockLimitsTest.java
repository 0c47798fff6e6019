package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MemlockLimitsTest {
  @Test
  void preinstallLimitsFile() {
    MemlockLimits m =
        MemlockLimits.fromLimitsConf(
            Fixtures.read("facts/memlock/preinstall_limits.conf"), "oracle");
    assertEquals("134217728", m.soft().orElseThrow().toString());
    assertEquals("134217728", m.hard().orElseThrow().toString());
    assertTrue(m.atLeast(60397977));
  }

  @Test
  void ownLinesWinOverWildcardAndDashSetsBoth() {
    String conf = Fixtures.read("facts/memlock/limits_64g_example.conf");
    MemlockLimits oracle = MemlockLimits.fromLimitsConf(conf, "oracle");
    assertEquals("60397977", oracle.soft().orElseThrow().toString());
    assertTrue(oracle.atLeast(60397977));
    assertFalse(oracle.atLeast(60397978));
    MemlockLimits grid = MemlockLimits.fromLimitsConf(conf, "grid");
    assertTrue(grid.soft().orElseThrow().unlimited());
    assertTrue(grid.hard().orElseThrow().unlimited());
    MemlockLimits other = MemlockLimits.fromLimitsConf(conf, "apache");
    assertEquals("65536", other.hard().orElseThrow().toString());
    assertTrue(MemlockLimits.fromLimitsConf("", "oracle").soft().isEmpty());
  }

  @Test
  void ulimitOutput() {
    MemlockLimits m =
        MemlockLimits.ulimitFact("oracle").parse(Fixtures.ok("facts/memlock/ulimit_output.txt"));
    assertEquals("60397977", m.soft().orElseThrow().toString());
    assertTrue(m.hard().orElseThrow().unlimited());
    assertEquals(
        Optional.empty(), MemlockLimits.fromUlimit("su: user oracle does not exist").soft());
  }
}
