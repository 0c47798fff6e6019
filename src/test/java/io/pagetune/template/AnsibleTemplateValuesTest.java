package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.error.SourceLocation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A Jinja template's value as ansible-core 2.14 gives it (measured with ansible-playbook's debug
 * msg): the expression printed as Python's str() and, when the text starts with '[' or '{' or is
 * True/False, read back with ast.literal_eval
 * (ansible.template.native_helpers.ansible_eval_concat); None prints as nothing (Ansible's
 * finalize); the STRING_TYPE_FILTERS keep their text.
 */
class AnsibleTemplateValuesTest {
  private static final SourceLocation AT = JinjaExpressionsTest.AT;
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private static Map<String, Object> vars() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("n", 42L);
    v.put("f", 2.5);
    v.put("flag", true);
    v.put("nothing", null);
    v.put("xs", List.of(3L, 1L, 2L));
    v.put("d", Map.of("a", 1L));
    v.put("s", "Hello World");
    return v;
  }

  private Object eval(String template) {
    return engine.interpolate(template, vars(), AT, "test");
  }

  @Test
  void aNumberIsItsTextAndAListOrBooleanStaysTyped() {
    assertEquals("47", eval("{{ n + 5 }}"));
    assertEquals("3.0", eval("{{ 6 / 2 }}"));
    assertEquals("-0.0", eval("{{ -0.0 }}"));
    assertEquals("1e-07", eval("{{ 1e-7 }}"));
    assertEquals("1e+16", eval("{{ 1e16 }}"));
    assertEquals(true, eval("{{ flag }}"));
    assertEquals(List.of(3L, 1L, 2L), eval("{{ xs }}"));
  }

  @Test
  void textThatReadsAsALiteralBecomesTheValue() {
    assertEquals(List.of(42L, 43L), eval("[{{ n }}, {{ n + 1 }}]"));
    assertEquals(Map.of("a", 42L), eval("{'a': {{ n }}}"));
    assertEquals(List.of("a"), eval("{{ \"['a']\" }}"));
    assertEquals(true, eval("{{ 'True' }}"));
  }

  @Test
  void valuesPrintedIntoTextAsPython() {
    assertEquals("enabled=True xs=[3, 1, 2]", eval("enabled={{ flag }} xs={{ xs }}"));
    assertEquals("pages: 21.0", eval("pages: {{ n / 2 }}"));
  }

  @Test
  void textFiltersKeepTheirText() {
    assertEquals("[3, 1, 2]", eval("{{ xs | string }}"));
    assertEquals("{\"a\": 1}", eval("{{ d | to_json }}"));
    assertEquals(List.of(3L, 1L, 2L), eval("{{ xs | string ~ '' }}"));
  }

  @Test
  void pythonAndAnsibleFilters() {
    assertEquals("6", eval("{{ xs | sum }}"));
    assertEquals("2.5", eval("{{ [1, 2.5, 2] | max }}"));
    assertEquals("-3", eval("{{ [1, 2.5, -3] | min }}"));
    assertEquals("c", eval("{{ ['b', 'A', 'c'] | max }}"));
    assertEquals(List.of(List.of(3L, "a"), List.of(1L, "b")), eval("{{ xs | zip(['a', 'b']) }}"));
    assertEquals("0a4d55a8d778e5022fab701977c5d840bbc486d0", eval("{{ s | hash('sha1') }}"));
    assertEquals("b10a8db164e0754105b7a99be72e3fe5", eval("{{ s | hash('md5') }}"));
    assertEquals("'Hello World'", eval("{{ s | quote }}"));
    assertEquals("''", eval("{{ '' | quote }}"));
    assertEquals(".gz", eval("{{ 'archive.tar.gz' | splitext | last }}"));
    assertEquals("1610612736", eval("{{ '1.5 GB' | human_to_bytes }}"));
    assertEquals("2147483648", eval("{{ '2G' | human_to_bytes }}"));
    assertEquals("64.00 GB", eval("{{ 68719476736 | human_readable }}"));
    assertEquals("10.00 bits", eval("{{ 10 | human_readable(isbits=true) }}"));
    assertEquals("int", eval("{{ n | type_debug }}"));
    assertEquals("NoneType", eval("{{ d.get('z') | type_debug }}"));
  }

  @Test
  void membershipTestsAsJinja2AndAnsible() {
    // Jinja2's in test is Python's `in`: a substring of a string; Ansible's subset/superset/abs
    assertEquals(true, eval("{{ 'o' is in s }}"));
    assertEquals(false, eval("{{ 'z' is in s }}"));
    assertEquals(true, eval("{{ xs is contains 3 }}"));
    assertEquals(true, eval("{{ [1, 2] is subset(xs) }}"));
    assertEquals(false, eval("{{ [1, 5] is subset(xs) }}"));
    assertEquals(true, eval("{{ xs is superset([1]) }}"));
    assertEquals(true, eval("{{ '/tmp' is abs }}"));
    assertEquals(false, eval("{{ 'tmp' is abs }}"));
  }

  @Test
  void varsNamesEveryVariable() {
    // Ansible's vars: the task's variables by name
    assertEquals("Hello World", eval("{{ vars['s'] }}"));
    assertEquals("3", eval("{{ vars.xs | length }}"));
    assertEquals(true, eval("{{ 'n' in vars }}"));
  }
}
