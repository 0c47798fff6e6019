package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Jinja2's {@code batch} and Ansible's unseeded {@code random} and {@code shuffle}: random results
 * are checked by what every pick must hold, over enough picks that each possible value shows.
 */
class JinjaListFiltersTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();
  private final Map<String, Object> vars =
      Map.of("xs", List.of(3L, 1L, 2L), "words", List.of("oracle", "postgres", "sap", "oracle"));

  private Object eval(String template) {
    return engine.interpolate(template, vars, JinjaExpressionsTest.AT, "t");
  }

  private void fails(String template, String reason) {
    TemplateException e = assertThrows(TemplateException.class, () -> eval(template));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  @Test
  void batchCutsAListAndFillsTheLastPart() {
    assertEquals(List.of(List.of(3L, 1L), List.of(2L)), eval("{{ xs | batch(2) | list }}"));
    assertEquals(
        List.of(List.of(1L, 2L), List.of(3L, "x")), eval("{{ [1, 2, 3] | batch(2, 'x') }}"));
    assertEquals(List.of(), eval("{{ [] | batch(2) | list }}"));
    assertEquals(List.of("oracle", "-", "-"), eval("{{ words | batch(3, fill_with='-') | last }}"));
    assertEquals("2", eval("{{ (xs | batch(2)) | length }}"));
  }

  @Test
  void randomPicksEveryItemAndOnlyItems() {
    Set<Object> seen = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      seen.add(eval("{{ xs | random }}"));
    }
    assertEquals(Set.of("1", "2", "3"), seen);
  }

  @Test
  void randomOfANumberIsInItsRange() {
    Set<Object> seen = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      seen.add(eval("{{ 10 | random(start=1, step=3) }}"));
    }
    assertEquals(Set.of("1", "4", "7"), seen);
    fails("{{ 0 | random }}", "empty range for randrange()");
    fails("{{ xs | random(start=1) }}", "start and step can only be used with integer values");
    fails("{{ [] | random }}", "Cannot choose from an empty sequence");
  }

  @Test
  void shuffleKeepsTheItemsAndReachesEveryOrder() {
    Set<Object> orders = new HashSet<>();
    for (int i = 0; i < 300; i++) {
      Object shuffled = eval("{{ xs | shuffle }}");
      assertEquals(List.of(1L, 2L, 3L), eval("{{ " + shuffled + " | sort }}"));
      orders.add(shuffled);
    }
    assertEquals(6, orders.size(), orders.toString());
  }

  /** A seed asks for the picks of Python's Mersenne Twister: refused, never other picks. */
  @Test
  void aSeedIsRefused() {
    fails("{{ 59 | random(seed='db1') }}", "seed");
    fails("{{ xs | shuffle(seed='db1') }}", "seed");
  }
}
