package io.pagetune.executor.play;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TagFilterTest {
  @Test
  void ansibleTagRules() {
    assertTrue(TagFilter.selects(List.of(), Set.of(), Set.of()));
    assertTrue(TagFilter.selects(List.of("a"), Set.of("a"), Set.of()));
    assertFalse(TagFilter.selects(List.of("b"), Set.of("a"), Set.of()));
    assertFalse(TagFilter.selects(List.of(), Set.of("a"), Set.of()));
    assertTrue(TagFilter.selects(List.of("always"), Set.of("a"), Set.of()));
    assertFalse(TagFilter.selects(List.of("always"), Set.of("a"), Set.of("always")));
    assertFalse(TagFilter.selects(List.of("never", "x"), Set.of(), Set.of()));
    assertTrue(TagFilter.selects(List.of("never", "x"), Set.of("x"), Set.of()));
    assertFalse(TagFilter.selects(List.of("a"), Set.of(), Set.of("a")));
    assertTrue(TagFilter.selects(List.of("a"), Set.of("tagged"), Set.of()));
    assertTrue(TagFilter.selects(List.of(), Set.of("untagged"), Set.of()));
    assertFalse(TagFilter.selects(List.of("a"), Set.of("untagged"), Set.of()));
  }
}
