package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code list}, {@code items}, {@code dict} and {@code indexed_items} lookups, and how {@code
 * lookup()} shapes any lookup's results (ansible-core's Templar._lookup: texts joined by commas,
 * else one result alone and several as a list); expected values from ansible-playbook 2.14.18.
 */
class ListLookupsTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private Object eval(String template) {
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("n", 42L);
    vars.put("s", "Hello World");
    vars.put("csv", "a,b");
    vars.put("d", Map.of("a", 1L));
    vars.put("words", List.of("oracle", "sap"));
    return engine.interpolate(template, vars, JinjaExpressionsTest.AT, "t");
  }

  @Test
  void listHandsBackItsTermsAsWritten() {
    assertEquals(List.of(1L, 2L), eval("{{ lookup('list', 1, 2) }}"));
    assertEquals("a,b", eval("{{ lookup('list', 'a', 'b') }}"));
    assertEquals(List.of("a", "b"), eval("{{ lookup('list', ['a', 'b']) }}"));
    assertEquals(List.of(List.of("a", "b")), eval("{{ query('list', ['a', 'b']) }}"));
    assertEquals(List.of(List.of("a", "b"), "c"), eval("{{ lookup('list', ['a', 'b'], 'c') }}"));
  }

  @Test
  void itemsFlattensOneLevel() {
    assertEquals(List.of(1L, List.of(2L, 3L)), eval("{{ query('items', [1, [2, 3]]) }}"));
    assertEquals("oracle,sap", eval("{{ lookup('items', words) }}"));
  }

  @Test
  void dictGivesKeyAndValueItems() {
    assertEquals(List.of(Map.of("key", "a", "value", 1L)), eval("{{ query('dict', d) }}"));
    // one result that is not text is handed back alone
    assertEquals(Map.of("key", "a", "value", 1L), eval("{{ lookup('dict', d) }}"));
    TemplateException e =
        assertThrows(TemplateException.class, () -> eval("{{ lookup('dict', words) }}"));
    assertTrue(e.getMessage().contains("with_dict expects a dict"), e.getMessage());
  }

  @Test
  void indexedItemsArePythonTuples() {
    assertEquals("(0, 'oracle')", eval("{{ lookup('indexed_items', words) | first }}"));
    assertEquals("[(0, 'x')]", eval("x{{ q('indexed_items', ['x']) }}").toString().substring(1));
  }

  /** The rule applies to every lookup: vars of several values is a list, not "42,Hello World". */
  @Test
  void lookupJoinsOnlyText() {
    assertEquals(List.of(42L, "Hello World"), eval("{{ lookup('vars', 'n', 's') }}"));
    assertEquals("Hello World,a,b", eval("{{ lookup('vars', 's', 'csv') }}"));
    assertEquals(List.of(), eval("{{ lookup('list') }}"));
  }
}
