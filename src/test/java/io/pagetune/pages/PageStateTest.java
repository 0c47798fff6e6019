package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageStateTest {
  @Test
  void mapShapeIsTheSameForEveryTargetAndCopiesReasons() {
    List<String> reasons = new ArrayList<>(List.of("99-oracle.conf wins over 97-pagetune.conf"));
    PageState s =
        new PageState(
            "oracle/hugepages",
            "vm.nr_hugepages=6146",
            false,
            "vm.nr_hugepages=1024",
            false,
            "HugePages_Total=1024",
            true,
            reasons);
    reasons.clear();
    Map<String, Object> m = s.toMap();
    assertEquals(
        List.of(
            "target",
            "desired",
            "persisted",
            "persisted_value",
            "effective",
            "effective_value",
            "pending_restart",
            "reasons"),
        List.copyOf(m.keySet()));
    assertEquals(List.of("99-oracle.conf wins over 97-pagetune.conf"), m.get("reasons"));
    assertEquals(false, m.get("persisted"));
    assertEquals(true, m.get("pending_restart"));
  }

  @Test
  void targetIsRequiredAndMissingValuesReadAsEmpty() {
    assertThrows(
        NullPointerException.class,
        () -> new PageState(null, "x", true, "x", true, "x", false, List.of()));
    PageState s = new PageState("web/https-a", null, true, null, false, null, true, List.of());
    assertEquals("", s.desired());
    assertEquals("", s.persistedValue());
    assertEquals("", s.effectiveValue());
  }
}
