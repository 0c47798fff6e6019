package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.PageState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OracleTargetTest {
  private final OracleTarget target = new OracleTarget();

  private PageState state(long total, long free) {
    List<PageState> states =
        target.factStates(
            Map.of("hugepages", Map.of("total", total, "free", free, "page_bytes", 2097152L)));
    assertEquals(1, states.size());
    return states.get(0);
  }

  @Test
  void aPoolInUseIsEffective() {
    PageState s = state(6146, 2);
    assertEquals("oracle/hugepages", s.target());
    assertTrue(s.effective());
    assertEquals("HugePages_Total=6146 HugePages_Free=2", s.effectiveValue());
    assertFalse(s.persisted(), "the facts do not read the sysctl.d precedence");
    assertFalse(s.pendingRestart());
  }

  @Test
  void anEmptyOrUnusedPoolIsNotEffectiveAndSaysWhy() {
    PageState none = state(0, 0);
    assertFalse(none.effective());
    assertTrue(none.reasons().contains("no huge pages are allocated"), none.reasons()::toString);
    PageState unused = state(512, 512);
    assertFalse(unused.effective());
    assertTrue(
        unused.reasons().contains("none of the 512 huge pages is in use"),
        unused.reasons()::toString);
  }

  @Test
  void aHostWithoutHugePagesFactsHasNoOracleState() {
    assertEquals(List.of(), target.factStates(Map.of("platform", "sunos")));
  }
}
