package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Undefined values, None, truth, operators and number filters as ansible-core 2.14.18 has them.
 * Every expected value was taken from {@code ansible-playbook} on the development machine (one
 * {@code debug: msg="<expression>"} task per line, the variables below in {@code vars_files}); a
 * failure there is {@link #fails} here.
 */
class JinjaPythonSemanticsTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();
  private final Map<String, Object> vars = vars();

  private static Map<String, Object> vars() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("nothing", null);
    v.put("n", 42L);
    v.put("f", 2.5);
    v.put("flag", true);
    v.put("d", Map.of("a", 1L));
    v.put("xs", List.of(3L, 1L, 2L));
    v.put("dbs", List.of(Map.of("name", "ORCL"), Map.of("name", "pg1")));
    v.put("s", "Hello World");
    return v;
  }

  private Object eval(String template) {
    return engine.interpolate(template, vars, JinjaExpressionsTest.AT, "test");
  }

  private void fails(String template, String reason) {
    TemplateException e = assertThrows(TemplateException.class, () -> eval(template));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  /**
   * Python's callable(): values are not, Ansible's undefined is (it defines __call__), so a method
   * named without a call ({@code s.upper}, which pagetune leaves undefined) answers as in Jinja2.
   */
  @Test
  void callableAnswersAsJinja2Does() {
    assertEquals(false, eval("{{ n is callable }}"));
    assertEquals(false, eval("{{ 'lower' is callable }}"));
    assertEquals(false, eval("{{ xs is callable }}"));
    assertEquals(false, eval("{{ nothing is callable }}"));
    assertEquals(true, eval("{{ s.upper is callable }}"));
    assertEquals(true, eval("{{ d.get is callable }}"));
    assertEquals(true, eval("{{ s.nope is callable }}"));
    assertEquals(true, eval("{% macro hp(g) %}{{ g }}{% endmacro %}{{ hp is callable }}"));
  }

  /** Jinja2 joins adjacent string literals, as Python does ({@code 'it''s'} is "its"). */
  @Test
  void adjacentStringsAreOneString() {
    assertEquals("ab", eval("{{ 'a' 'b' }}"));
    assertEquals("its", eval("{{ 'it''s' }}"));
    assertEquals("abc", eval("{{ ('a' \"b\") ~ 'c' }}"));
    assertEquals(List.of("xy", "z"), eval("{{ ['x' 'y', 'z'] }}"));
  }

  /** Python's chained comparisons: one level, and a false link ends the chain unread. */
  @Test
  void comparisonsChainAsInPython() {
    assertEquals(true, eval("{{ 0 < n < 100 }}"));
    assertEquals(false, eval("{{ 0 < n > 100 }}"));
    // (1 < 2) and (2 == true), not (1 < 2) == true
    assertEquals(false, eval("{{ 1 < 2 == true }}"));
    assertEquals(true, eval("{{ n == 42 != 43 }}"));
    assertEquals(true, eval("{{ 3 in xs in [[3, 1, 2]] }}"));
    assertEquals(false, eval("{{ not 0 < n < 100 }}"));
    assertEquals(false, eval("{{ n > 100 < nope }}"));
    fails("{{ n < 100 < nope }}", "'nope' is undefined");
    fails("{{ n > 0 < 'x' }}", "'<' not supported between instances of 'int' and 'str'");
  }

  @Test
  void aMissingAttributeIsUndefinedNotEmpty() {
    fails("{{ d.missing }}", "'dict object' has no attribute 'missing'");
    fails("x{{ d['missing'] }}y", "'dict object' has no attribute 'missing'");
    fails("{{ xs[5] }}", "list object has no element 5");
    assertEquals(false, eval("{{ d.missing is defined }}"));
    assertEquals(true, eval("{{ d.missing is undefined }}"));
    assertEquals(false, eval("{{ d.missing.deeper is defined }}"));
    assertEquals(false, eval("{{ xs[5] is defined }}"));
    assertEquals("z", eval("{{ d.missing | default('z') }}"));
    assertEquals("5", eval("{{ d.missing.x.y | default(5) }}"));
    assertEquals("y", eval("{{ 'y' | default(d.other) }}"));
  }

  @Test
  void everyOtherUseOfAnUndefinedValueFails() {
    for (String use :
        List.of(
            "{{ d.missing | length }}",
            "{{ d.missing == 1 }}",
            "{{ d.missing == none }}",
            "{{ d.missing ~ 'x' }}",
            "{{ d.missing in xs }}",
            "{{ 1 in d.missing }}",
            "{{ not d.missing }}",
            "{{ d.missing or 'w' }}",
            "{{ [d.missing] }}",
            "{{ xs | join(d.missing) }}",
            "{{ d.missing | string }}",
            "{{ d.missing is match('x') }}",
            "{{ dbs | map(attribute='missing') | list }}",
            "{% for x in d.missing %}{{ x }}{% endfor %}",
            "{% if d.missing %}y{% endif %}")) {
      fails(use, "'dict object' has no attribute 'missing'");
    }
    fails("{{ d.missing | mandatory }}", "Mandatory variable 'missing'  not defined.");
    fails("{{ [] | first }}", "No first item, sequence was empty.");
    fails("{{ [] | max }}", "No aggregated item, sequence was empty.");
  }

  @Test
  void jinjaTypeTestsAnswerFalseForAnUndefinedValue() {
    for (String test : List.of("none", "string", "number", "mapping", "sequence", "boolean")) {
      assertEquals(false, eval("{{ d.missing is " + test + " }}"), test);
    }
    // ansible-core: "[d.missing] | length" is 1, the list is never printed
    assertEquals("1", eval("{{ [d.missing] | length }}"));
    assertEquals(false, eval("{{ false and d.missing }}"));
    assertEquals("3", eval("{{ d.missing if false else 3 }}"));
  }

  @Test
  void noneIsDefinedAndPrintsAsNothingOrNone() {
    assertNull(eval("{{ nothing }}"));
    assertEquals("xy", eval("x{{ nothing }}y"));
    assertEquals("", eval("{{ 0 or nothing }}"));
    assertEquals(true, eval("{{ nothing is defined }}"));
    assertEquals("", eval("{{ nothing | default('q') }}"));
    assertEquals("z", eval("{{ nothing | d('z', true) }}"));
    assertEquals("None", eval("{{ nothing | string }}"));
    assertEquals("", eval("{{ nothing | bool }}"));
    assertEquals("a1None", eval("{{ 'a' ~ 1 ~ none }}"));
    assertEquals("True,None", eval("{{ [flag, nothing] | join(',') }}"));
    assertEquals("none", eval("{{ nothing | lower }}"));
    assertEquals(false, engine.test("nothing", vars, JinjaExpressionsTest.AT, "when"));
  }

  @Test
  void aBareNameKeepsItsNumberOrBoolean() {
    // ansible-core 2.14 hands "{{ name }}" a number, bool or None as it is, anything else as text
    assertEquals(42L, eval("{{ n }}"));
    assertEquals(2.5, eval("{{n}}".replace("n", "f")));
    assertEquals(true, eval("{{ flag }}"));
    assertEquals("42", eval("{{ n * 1 }}"));
  }

  @Test
  void truthAndOperatorsArePythons() {
    assertEquals("1", eval("{{ 'false' and 1 }}"));
    assertEquals("yes", eval("{% if 'false' %}yes{% endif %}"));
    assertEquals(false, eval("{{ 1 == '1' }}"));
    assertEquals(false, eval("{{ '1' in [1] }}"));
    assertEquals(true, eval("{{ 1.0 in [1] }}"));
    assertEquals(true, eval("{{ [1, 2] < [1, 3] }}"));
    fails("{{ n < 'a' }}", "'<' not supported between instances of 'int' and 'str'");
    assertEquals("2", eval("{{ 1 + true }}"));
    fails("{{ n + '1' }}", "unsupported operand type(s) for +: 'int' and 'str'");
    assertEquals("ababab", eval("{{ 'ab' * 3 }}"));
    assertEquals("[0, 0, 0]", eval("x{{ [0] * 3 }}").toString().substring(1));
    assertEquals("2", eval("{{ -7 % 3 }}"));
    assertEquals("-2", eval("{{ 7 % -3 }}"));
    assertEquals("0.5", eval("{{ -7.5 % 2 }}"));
    assertEquals("0.5", eval("{{ 2 ** -1 }}"));
    assertEquals("100000000000000000000", eval("{{ 10 ** 20 }}"));
    fails("{{ n / 0 }}", "division by zero");
    assertEquals("42 kB", eval("{{ '%s kB' % n }}"));
    assertEquals("vm.swappiness = 10", eval("{{ 'vm.%s = %d' % ('swappiness', 10) }}"));
    assertEquals("  2.5%", eval("{{ '%5.1f%%' % f }}"));
    assertEquals(
        "2.67|00042|0xff|1.23457e+06",
        eval("{{ '%.2f|%05d|%#x|%g' % (2.675, 42, 255, 1234567.0) }}"));
    assertEquals("x=3", eval("{{ '%(a)s=%(b)d' % {'a': 'x', 'b': 3} }}"));
    fails("{{ '%s %s' % 1 }}", "not enough arguments for format string");
    fails("{{ '%s' % (1, 2) }}", "not all arguments converted during string formatting");
    // "True" is read back as a literal: ansible-core gives the boolean
    assertEquals(true, eval("{{ flag ~ '' }}"));
    assertEquals("xTrue", eval("{{ 'x' ~ flag }}"));
  }

  @Test
  void numberFiltersArePythons() {
    assertEquals("1", eval("{{ true | int }}"));
    assertEquals("1000", eval("{{ '1e3' | int }}"));
    assertEquals("12", eval("{{ ' 12 ' | int }}"));
    assertEquals("31", eval("{{ '0x1F' | int(base=16) }}"));
    assertEquals("511", eval("{{ '777' | int(base=8) }}"));
    assertEquals("0", eval("{{ 'huge' | int }}"));
    assertEquals("12.0", eval("{{ ' 12 ' | float }}"));
    assertEquals("1000.0", eval("{{ '1e3' | float }}"));
    assertEquals("2.0", eval("{{ f | round }}"));
    assertEquals("8.0", eval("{{ 8.5 | round }}"));
    assertEquals("-2.0", eval("{{ -2.5 | round }}"));
    assertEquals("2.67", eval("{{ 2.675 | round(2) }}"));
    assertEquals("5.2", eval("{{ (n / 8) | round(1) }}"));
    assertEquals("42", eval("{{ n | round }}"));
    assertEquals("3.0", eval("{{ f | round(0, 'ceil') }}"));
  }

  @Test
  void anUnknownFilterOrTestFailsInsteadOfPrintingNothing() {
    fails("{{ s | normpath_typo }}", "Could not load \"normpath_typo\"");
    fails("{{ s is callable_typo }}", "no test named 'callable_typo'");
  }

  @Test
  void aResultThatIsASetOfDictsFailsAsLiteralEvalDoes() {
    // ansible-core: "unhashable type: 'dict'" when it reads "{{}}" back as a literal
    fails("{{ '{{' ~ '}}' }}", "unhashable type: 'dict'");
  }

  @Test
  void regexTestsTakeTheirKeywordArguments() {
    assertEquals(true, eval("{{ s is match('hello', ignorecase=true) }}"));
    assertEquals(true, eval("{{ s is sequence }}"));
  }

  @Test
  void tuplesPrintAsTuplesAndEqualOnlyTuples() {
    assertEquals("(1, 2)", eval("{{ (1, 2) }}"));
    assertEquals("x(1, 'b')", eval("x{{ (1, 'b') }}"));
    assertEquals(false, eval("{{ (1, 2) == [1, 2] }}"));
    assertEquals("('a', 1)", eval("{{ ['a'] | zip([1]) | first }}"));
    assertEquals(List.of(List.of("a", 1L)), eval("{{ {'a': 1}.items() | list }}"));
    assertEquals("('Hello', ' ', 'World')", eval("{{ s.partition(' ') }}"));
  }

  @Test
  void dictAndDictsortAsJinja2() {
    assertEquals(Map.of("a", 1L, "b", 2L), eval("{{ dict(a=1, b=2) }}"));
    assertEquals(Map.of("x", 1L), eval("{{ dict([['x', 1]]) }}"));
    assertEquals(List.of(List.of("a", 1L)), eval("{{ d | dictsort(reverse=true) }}"));
    assertEquals("('a', 1)", eval("{{ d | dictsort | first }}"));
    assertEquals(List.of("Hello", "World"), eval("{{ s.split(None, 1) }}"));
  }

  @Test
  void anAttributeThatIsANumberIsAnIndex() {
    // ansible-core: item.0 reads item[0]; a float stays a float; a string is never rewritten
    vars.put("nested", List.of(1L, List.of(3L, List.of(4L, 5L))));
    assertEquals("3", eval("{{ xs.0 }}"));
    assertEquals("4", eval("{{ nested.1.1.0 }}"));
    assertEquals(false, eval("{{ xs.5 is defined }}"));
    assertEquals("2.5", eval("{{ 1.5 + xs.1 }}"));
    assertEquals("2", eval("{% for p in [[1, 2]] %}{{ p.1 }}{% endfor %}"));
    assertEquals("xs.0", eval("{{ 'xs.0' }}"));
    assertEquals("ORCL", eval("{{ dbs.0.name }}"));
  }
}
