package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JinjaSyntaxTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = " => ",
      quoteCharacter = '`',
      value = {
        "{{ x }} => ${x}",
        "{{x}} => ${x}",
        "{{ x | default('a') }} => ${x!\"a\"}",
        "{{ x | d(5) }} => ${x!5}",
        "{{ x | int }} => ${int(x)}",
        "{{ x | float }} => ${float(x)}",
        "{{ x | lower }} => ${x?lower_case}",
        "{{ x | upper }} => ${x?upper_case}",
        "{{ x | trim }} => ${x?trim}",
        "{{ xs | length }} => ${length(xs)}",
        "{{ r.content | b64decode }} => ${b64decode(r.content)}",
        "{{ x | default('0') | int }} => ${int(x!\"0\")}",
        "{{ a.b | lower }} => ${a.b?lower_case}",
        "{{ s | regex_replace('a', 'b') }} => ${regex_replace(s, \"a\", \"b\")}",
        "{% if c %} => <#if c>",
        "{% if x is defined and y %} => <#if x?? && y>",
        "{% elif c %} => <#elseif c>",
        "{% else %} => <#else>",
        "{% endif %} => </#if>",
        "{% for i in l %} => <#list l as i>",
        "{%- for i in l -%} => <#list l as i>",
        "{% endfor %} => </#list>",
        "{% set n = 3 %} => <#assign n = 3>",
      })
  void jinjaInTextGetsItsFreeMarkerEquivalent(String jinja, String freemarker) {
    Optional<JinjaSyntax.Use> use = JinjaSyntax.inText("before " + jinja + " after");
    assertTrue(use.isPresent(), jinja);
    assertEquals(7, use.get().offset());
    assertEquals(jinja, use.get().written());
    assertEquals(freemarker, use.get().freemarker());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "{{ x | to_nice_yaml }}",
        "{{ lookup('env', 'HOME') }}",
        "{% raw %}",
        "{% macro m() %}"
      })
  void unknownJinjaIsStillFlaggedAndPointsToTheTable(String jinja) {
    JinjaSyntax.Use use = JinjaSyntax.inText(jinja).orElseThrow();
    assertEquals(null, use.freemarker());
    assertTrue(use.message(true).contains("see \"Expressions: FreeMarker for Jinja2\""));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = " => ",
      value = {
        "use_huge | bool => bool(use_huge)",
        "x is defined => x??",
        "x is not defined => !(x??)",
        "a && x | int > 3 => int(x)",
        "(x | length) > 0 => length(x)",
      })
  void jinjaInConditions(String condition, String freemarker) {
    assertEquals(freemarker, JinjaSyntax.inExpression(condition).orElseThrow().freemarker());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "ps -ef | grep ora_pmon | wc -l",
        "echo ${'$'}{HOME:+x} $((1 + 2))",
        "awk '{print $1}' /proc/meminfo",
        "${\"{{\"} literal braces ${\"}}\"}",
        "${a || b}",
        "${x!\"a|b\"}",
        "${names?join(\"|\")}",
        "<#noparse>{{ kept }}</#noparse>",
        "<#-- {{ a comment }} -->",
        "{\"json\": {\"nested\": 1}}",
        "set -e; f() { { echo a; } }",
        "{{ never closed",
      })
  void legitimateTextIsNotJinja(String text) {
    assertEquals(Optional.empty(), JinjaSyntax.inText(text));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"a || b", "x?? && y == 'a | b'", "!(x??)", "sga > 1024"})
  void legitimateConditionsAreNotJinja(String condition) {
    assertEquals(Optional.empty(), JinjaSyntax.inExpression(condition));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"${x | int}", "pages=${pool | default(0)}"})
  void filterInsideInterpolationIsFlagged(String text) {
    assertTrue(JinjaSyntax.inText(text).isPresent(), text);
  }

  @org.junit.jupiter.api.Test
  void singleBarBetweenNamesIsNotTakenForFreeMarkersOr() {
    JinjaSyntax.Use use = JinjaSyntax.inExpression("big | huge").orElseThrow();
    assertEquals("big | huge", use.written());
    assertTrue(use.message(true).endsWith(" (for 'or' write ||)"), use.message(true));
  }
}
