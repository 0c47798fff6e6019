package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a templated task argument is, as ansible-core 2.14.18 gives it: Jinja2 drops the source's
 * final line break, ansible-core reads the result back as a literal unless one {@code to_json}-like
 * filter made it, and a text result gets its trailing line breaks back
 * (preserve_trailing_newlines). Every expected value was taken from {@code ansible-playbook} on the
 * development machine ({@code set_fact} of each string, then {@code type_debug} and {@code to_json}
 * of the facts).
 */
class JinjaTemplateValueTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();
  private final Map<String, Object> vars = vars();

  private static Map<String, Object> vars() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("n", 5L);
    v.put("s", "hello");
    v.put("b", true);
    v.put("l", List.of(1L, 2L));
    v.put("k", "name");
    v.put("empty", "");
    v.put("item", Map.of("name", "vm.swappiness", "value", 10L));
    return v;
  }

  private Object eval(String template) {
    return engine.interpolate(template, vars, JinjaExpressionsTest.AT, "test");
  }

  @Test
  void aFinalLineBreakComesBackOnTextButNotOnAValue() {
    assertEquals(5L, eval("{{ n }}\n"));
    assertEquals("hello\n", eval("{{ s }}\n"));
    assertEquals(true, eval("{{ b }}\n"));
    assertEquals(List.of(1L, 2L), eval("{{ l }}\n"));
    assertEquals("6\n", eval("{{ n + 1 }}\n"));
    assertEquals("hello\n\n", eval("{{ s }}\n\n"));
    assertEquals(List.of(1L, 2L), eval("{{ l }}\n\n"));
    assertEquals("x{\"a\": 1}\n", eval("x{{ {'a': 1} | to_json }}\n"));
  }

  @Test
  void toJsonKeepsItsTextOnlyWhenItIsTheWholeTemplateOnceTheLineBreakIsDropped() {
    // the copy of the text to_json made, its line break restored: what copy writes
    assertEquals("{\"a\": 1}\n", eval("{{ {'a': 1} | to_json }}\n"));
    assertEquals("[1, 2]\n", eval("{{ l | to_json }}\r\n"));
    // two nodes remain ("...", "\n"): joined, read back as a dict, no line break
    assertEquals(Map.of("a", 1L), eval("{{ {'a': 1} | to_json }}\n\n"));
    assertEquals(Map.of("a", 1L), eval("{{ {'a': 1} }}\n"));
  }

  @Test
  void dictKeysAreExpressions() {
    assertEquals(Map.of("vm.swappiness", 10L), eval("{{ {} | combine({item.name: item.value}) }}"));
    assertEquals(
        "{\"name\": 1, \"5\": 2, \"xname\": 3}", eval("{{ {k: 1, n: 2, 'x' ~ k: 3} | to_json }}"));
    assertEquals(Map.of("k", 1L), eval("{{ {'k': 1} }}"));
    TemplateException undefined =
        assertThrows(TemplateException.class, () -> eval("{{ {nope: 1} }}"));
    assertTrue(undefined.getMessage().contains("'nope' is undefined"), undefined.getMessage());
    TemplateException list = assertThrows(TemplateException.class, () -> eval("{{ {l: 1} }}"));
    assertTrue(list.getMessage().contains("unhashable type: 'list'"), list.getMessage());
    TemplateException bool = assertThrows(TemplateException.class, () -> eval("{{ {b: 1} }}"));
    assertTrue(bool.getMessage().contains("is not supported"), bool.getMessage());
  }

  /** ansible-playbook 2.14.18: an empty string named {@code empty}; {@code null} is undefined. */
  @Test
  void wordsOfJinjavasExpressionLanguageAreVariables() {
    assertEquals(true, eval("{{ not empty }}"));
    assertEquals("fallback", eval("{{ empty or 'fallback' }}"));
    assertEquals("", eval("{{ empty | default('x') }}"));
    assertEquals("x", eval("{{ empty | default('x', true) }}"));
    assertEquals(false, eval("{{ null is defined }}"));
    TemplateException e = assertThrows(TemplateException.class, () -> eval("{{ lt }}"));
    assertTrue(e.getMessage().contains("'lt' is undefined"), e.getMessage());
  }

  /** ansible-playbook 2.14.18 on the same lists. */
  @Test
  void selectAndRejectWithoutATestUsePythonTruth() {
    assertEquals(
        "[1, 'x', [1]]", eval("{{ [0, 1, '', 'x', none, [], [1]] | select | list | string }}"));
    assertEquals("[0, '', None]", eval("{{ [0, 1, '', 'x', none] | reject | list | string }}"));
    assertEquals(List.of(1L), eval("{{ [1, 2] | select('odd') | list }}"));
  }

  /**
   * Jinja2's precedence, from ansible-playbook 2.14.18: {@code not} holds the comparison with its
   * filters and tests, a test follows the filters, unary minus comes before them. {@code when: not
   * flag | bool} is the everyday case: negating {@code flag} alone turned it into a number.
   */
  @Test
  void notHoldsTheWholeComparisonAndTestsFollowFilters() {
    assertEquals(true, eval("{{ not empty | length }}"));
    assertEquals(false, eval("{{ not l | length }}"));
    assertEquals(true, eval("{{ not 'a' | bool }}"));
    assertEquals(true, eval("{{ not n in l }}"));
    assertEquals(false, eval("{{ not n == 5 }}"));
    assertEquals(true, eval("{{ l | first is number }}"));
    assertEquals(false, eval("{{ not l | first is number }}"));
    assertEquals(true, eval("{{ nope | default('x') is string }}"));
    assertEquals(false, eval("{{ s | default('x') is not string }}"));
    assertEquals("3", eval("{{ - 3 | abs }}"));
  }
}
