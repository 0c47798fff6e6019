package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JinjaConstructsTest {
  private static List<String> labels(String template) {
    return JinjaConstructs.template(template).stream()
        .map(JinjaConstructs.Construct::label)
        .toList();
  }

  @Test
  void filtersTestsMethodsFunctionsAndLookupsAreNamed() {
    assertEquals(
        List.of(
            "filter 'default'",
            "test 'defined'",
            "method 'split'",
            "function 'lookup'",
            "lookup 'env'"),
        labels(
            "{{ a | default('x') }}{{ b is defined }}{{ c.split(',') }}{{ lookup('env', 'H') }}"));
  }

  @Test
  void aNegatedTestIsTheTestAndIsNot() {
    assertEquals(List.of("test 'none'", "operator 'is not'"), labels("{{ x is not none }}"));
  }

  @Test
  void stringsAreNotSyntax() {
    assertEquals(List.of(), labels("{{ 'a | zip is b.c(' }}"));
    assertEquals(List.of("construct 'string escape'"), labels("{{ 'a\\tb' }}"));
  }

  @Test
  void operatorsAreTellApart() {
    assertEquals(
        List.of(
            "operator '%'",
            "operator '//'",
            "operator '**'",
            "operator '~'",
            "operator 'unary -'",
            "operator 'not in'",
            "operator 'and'"),
        labels("{{ a % 2 // 3 ** 4 ~ -b }}{{ x not in y and z }}"));
  }

  @Test
  void inlineIfWithAndWithoutElse() {
    assertEquals(List.of("construct 'inline if'"), labels("{{ a if b else c }}"));
    assertEquals(List.of("construct 'inline if without else'"), labels("{{ a if b }}"));
  }

  @Test
  void subscriptsSlicesAndLiterals() {
    assertEquals(List.of("construct 'slice'"), labels("{{ xs[1:] }}"));
    assertEquals(
        List.of("construct 'negative index'", "operator 'unary -'"), labels("{{ xs[-1] }}"));
    assertEquals(List.of("construct 'integer index'"), labels("{{ xs[0] }}"));
    assertEquals(List.of(), labels("{{ d['k'] }}"));
    assertEquals(
        List.of("construct 'list literal'", "construct 'dict literal'"),
        labels("{{ [1] }}{{ {'a': 1} }}"));
    assertEquals(List.of("construct 'float literal'"), labels("{{ 1.5 }}"));
  }

  @Test
  void statementsAndLoopAttributes() {
    assertEquals(
        List.of(
            "statement 'for'",
            "function 'range'",
            "statement 'if'",
            "operator 'not'",
            "loop attribute 'last'",
            "statement 'set'"),
        labels(
            "{% for i in range(3) %}{% if not loop.last %},{% endif %}{% endfor %}"
                + "{% set y = 1 %}"));
    assertEquals(
        List.of(
            "construct 'whitespace control'", "construct 'whitespace control'", "statement 'if'"),
        labels("{%- if a -%}{% endif %}"));
  }

  @Test
  void rawTextIsNotWalked() {
    assertEquals(List.of("statement 'raw'"), labels("{% raw %}{{ a | zip }}{% endraw %}"));
  }

  @Test
  void filtersAndTestsNamedByStringArguments() {
    assertEquals(
        List.of("filter 'map'", "filter 'int'", "filter 'select'", "test 'match'"),
        labels("{{ xs | map('int') | select('match', 'a') }}"));
    assertEquals(
        List.of("filter 'selectattr'", "test 'defined'"),
        labels("{{ xs | selectattr('k', 'defined') }}"));
    assertEquals(
        List.of("filter 'map'", "keyword argument 'map(attribute=)'"),
        labels("{{ xs | map(attribute='k') }}"));
  }

  @Test
  void magicVariablesAreNamed() {
    assertEquals(List.of("magic variable 'hostvars'"), labels("{{ hostvars['h'].x }}"));
  }

  @Test
  void textThatReadsAsALiteralIsNamed() {
    assertEquals(
        List.of("construct 'text read as a literal'"), labels("{'a': {{ n }}}").subList(0, 1));
  }

  @Test
  void aConstructNotShownEqualIsRefusedWhereItIsWritten() {
    JinjaConstructs.Refusal r =
        JinjaConstructs.inTemplate("a\n  {{ xs | truncate(ys) }}").orElseThrow();
    assertEquals("filter 'truncate'", r.construct());
    assertEquals(
        new TemplateSyntax.Error(2, 11, r.message()), r.asError("a\n  {{ xs | truncate(ys) }}"));
    assertTrue(
        r.message()
            .startsWith("Jinja2 filter 'truncate' is not yet shown to behave as in Ansible"));
  }

  /**
   * A version type is shown one value at a time: pep440 (Python's packaging rules) and a value only
   * known at run time are refused at load, where loose, strict and semver load.
   */
  @Test
  void aVersionTypeIsNamedWithItsValue() {
    assertTrue(
        JinjaConstructs.inTemplate("{{ v is version('1', '<', version_type='semver') }}")
            .isEmpty());
    assertTrue(
        JinjaConstructs.inTemplate("{{ v is version_compare('1', version_type='strict') }}")
            .isEmpty());
    assertEquals(
        "keyword argument 'version(version_type='pep440')'",
        JinjaConstructs.inTemplate("{{ v is version('1', '<', version_type='pep440') }}")
            .orElseThrow()
            .construct());
    assertEquals(
        "keyword argument 'version(version_type=)'",
        JinjaConstructs.inTemplate("{{ v is version('1', '<', version_type=kind) }}")
            .orElseThrow()
            .construct());
  }

  /** A seeded pick needs Python's own generator: refused at load, not answered with other picks. */
  @Test
  void aSeededRandomIsRefusedAtLoad() {
    assertTrue(JinjaConstructs.inTemplate("{{ 59 | random }} {{ xs | shuffle }}").isEmpty());
    assertEquals(
        "keyword argument 'random(seed=)'",
        JinjaConstructs.inTemplate("{{ 59 | random(seed=inventory_hostname) }}")
            .orElseThrow()
            .construct());
  }
}
