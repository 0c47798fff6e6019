package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import io.pagetune.vault.Vault;
import io.pagetune.yaml.ReadFiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Expressions of a Jinja file give what {@code ansible localhost -m debug -a 'msg={{ … }}'} gives
 * (expected values taken from ansible-core on the development machine).
 */
class JinjaExpressionsTest {
  static final SourceLocation AT = new SourceLocation("tasks/main.yml", 3, 7);

  static TemplateEngine engine() {
    TemplateLanguages languages = new TemplateLanguages();
    languages.put(AT.file(), TemplateLanguage.JINJA);
    return new TemplateEngine(
        List.of(),
        TemplateLimits.DEFAULT,
        ReadFiles.none(),
        Vault.none(),
        languages,
        Map.of("PT_HOME", "/opt/pt")::get);
  }

  private final TemplateEngine engine = engine();
  private final Map<String, Object> vars = vars();

  private static Map<String, Object> vars() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("name", "Hello World");
    v.put("items", List.of("b", "a", "b"));
    v.put("pages", 1024L);
    v.put("yes_text", "yes");
    v.put("params", Map.of("vm.nr_hugepages", 128L));
    v.put("users", List.of(Map.of("name", "ora", "dba", true), Map.of("name", "pg", "dba", false)));
    v.put("result", Map.of("changed", true, "failed", false, "rc", 0L));
    v.put("derived", "{{ pages * 2 }}");
    v.put("fm", "${pages + 1}");
    v.put("host_said", new HostText("{{ lookup('env','PT_HOME') }}"));
    return v;
  }

  private Object eval(String template) {
    return engine.interpolate(template, vars, AT, "test");
  }

  @Test
  void aWholeExpressionKeepsItsTypeAsAnsibleDoes() {
    // ansible-core 2.14 (not native): a list or a boolean stays one, a number is its text
    assertEquals(List.of("a", "b"), eval("{{ items | unique | sort }}"));
    assertEquals("2048", eval("{{ pages * 2 }}"));
    assertEquals(true, eval("{{ yes_text | bool }}"));
    assertEquals("2048", eval("{{ derived }}"));
    assertEquals("1025", eval("{{ fm }}"));
  }

  @Test
  void textAroundExpressionsPrintsValuesAsPython() {
    assertEquals("x=['b', 'a', 'b']", eval("x={{ items }}"));
    assertEquals("echo ${ORACLE_HOME} 1024", eval("echo ${ORACLE_HOME} {{ pages }}"));
  }

  @Test
  void ansibleFilters() {
    assertEquals("fallback", eval("{{ missing | default('fallback') }}"));
    assertEquals("fallback", eval("{{ '' | default('fallback', true) }}"));
    assertEquals("fallback", eval("{{ missing | d('fallback') }}"));
    assertEquals("3", eval("{{ items | length }}"));
    assertEquals(
        List.of("ora"), eval("{{ users | selectattr('dba') | map(attribute='name') | list }}"));
    assertEquals("pg", eval("{{ users | rejectattr('dba') | map(attribute='name') | join(',') }}"));
    assertEquals("big", eval("{{ (pages > 10) | ternary('big', 'small') }}"));
    assertEquals(
        Map.of("a", Map.of("x", 1L, "y", 2L)),
        eval("{{ {'a': {'x': 1} } | combine({'a': {'y': 2} }, recursive=true) }}"));
    assertEquals(List.of(1L, 2L, 3L), eval("{{ [1, [2, [3]]] | flatten }}"));
    assertEquals("limits.conf", eval("{{ '/etc/security/limits.conf' | basename }}"));
    assertEquals("/etc/security", eval("{{ '/etc/security/limits.conf' | dirname }}"));
    assertEquals("{\"a\": [1, 2]}", eval("{{ {'a': [1, 2]} | to_json }}"));
    assertEquals(Map.of("a", 1L), eval("{{ '{\"a\": 1}' | from_json }}"));
    assertEquals(
        List.of(Map.of("key", "vm.nr_hugepages", "value", 128L)),
        eval("{{ params | dict2items }}"));
    assertEquals(Map.of("k", "v"), eval("{{ [{'key': 'k', 'value': 'v'}] | items2dict }}"));
    assertEquals("HELLO WORLD", eval("{{ name | upper }}"));
    assertEquals("42", eval("{{ '42' | int | string }}"));
  }

  @Test
  void regexFiltersReadPythonSyntax() {
    // the template text holds one backslash (YAML "\\w" or '\w'): ansible-core keeps a
    // literal's backslashes as written, so this is the regex \w
    assertEquals(
        "2048kB", eval("{{ 'Hugepagesize: 2048 kB' | regex_replace('^\\w+: (\\d+) ', '\\1') }}"));
    assertEquals(
        "Hugepagesize: 2048",
        eval("{{ 'Hugepagesize: 2048 kB' | regex_search('(?P<k>\\w+): \\d+') }}"));
    assertEquals(List.of("1", "22"), eval("{{ 'a1b22' | regex_findall('\\d+') }}"));
  }

  @Test
  void ansibleTests() {
    assertTrue(engine.test("result is changed", vars, AT, "t"));
    assertTrue(engine.test("result is success and result is not failed", vars, AT, "t"));
    assertFalse(engine.test("result is skipped", vars, AT, "t"));
    assertTrue(engine.test("'5.10.0' is version('5.4', '>=')", vars, AT, "t"));
    assertTrue(engine.test("'2.6.32' is version_compare('2.6.9', 'gt')", vars, AT, "t"));
    assertTrue(engine.test("missing is not defined", vars, AT, "t"));
    assertTrue(engine.test("name is match('Hel')", vars, AT, "t"));
    assertFalse(engine.test("name is match('World')", vars, AT, "t"));
    assertTrue(engine.test("name is search('World')", vars, AT, "t"));
    assertTrue(engine.test("'a' in items", vars, AT, "t"));
    assertTrue(engine.test("items", vars, AT, "t"));
  }

  @Test
  void pythonStringMethods() {
    assertEquals(List.of("Hello", "World"), eval("{{ name.split() }}"));
    assertEquals(true, eval("{{ name.startswith('Hell') }}"));
    assertEquals(true, eval("{{ name.endswith('ld') }}"));
    assertEquals("x", eval("{{ '  x '.strip() }}"));
    assertEquals("hello world", eval("{{ name.lower() }}"));
    assertEquals("Hello Earth", eval("{{ name.replace('World', 'Earth') }}"));
    assertEquals("a-1", eval("{{ '{}-{}'.format('a', 1) }}"));
  }

  @Test
  void lookups() {
    assertEquals("/opt/pt", eval("{{ lookup('env', 'PT_HOME') }}"));
    assertEquals("1024", eval("{{ lookup('vars', 'pages') }}"));
    TemplateException e =
        assertThrows(TemplateException.class, () -> eval("{{ lookup('pipe', 'id') }}"));
    assertTrue(e.getMessage().contains("'pipe' is not available"), e.getMessage());
  }

  @Test
  void anUndefinedVariableIsAnError() {
    TemplateException e = assertThrows(TemplateException.class, () -> eval("x {{ nope }}"));
    assertTrue(e.getMessage().contains("'nope' is undefined"), e.getMessage());
    assertThrows(TemplateException.class, () -> engine.test("nope", vars, AT, "t"));
  }

  @Test
  void hostTextIsNeverEvaluated() {
    assertEquals("{{ lookup('env','PT_HOME') }}", eval("{{ host_said }}"));
    assertEquals("said {{ lookup('env','PT_HOME') }}", eval("said {{ host_said }}"));
  }

  @Test
  void javaIsOutOfReach() {
    assertThrows(TemplateException.class, () -> eval("{{ ''.__class__ }}"));
    assertThrows(TemplateException.class, () -> eval("{{ name.getClass() }}"));
    assertThrows(TemplateException.class, () -> eval("{{ name.class }}"));
    assertThrows(TemplateException.class, () -> eval("{{ name.bytes }}"));
  }

  @Test
  void aHugeRangeStopsAtTheSandboxLimit() {
    TemplateException e =
        assertThrows(
            TemplateException.class, () -> eval("{% for i in range(10**7) %}x{% endfor %}"));
    assertTrue(e.getMessage().contains("Range too big"), e.getMessage());
  }

  @Test
  void outputPastTheSizeLimitStopsTheEvaluation() {
    TemplateLanguages languages = new TemplateLanguages();
    languages.put(AT.file(), TemplateLanguage.JINJA);
    TemplateEngine small =
        new TemplateEngine(
            List.of(),
            new TemplateLimits(1000, java.time.Duration.ofSeconds(10)),
            ReadFiles.none(),
            Vault.none(),
            languages,
            Map.<String, String>of()::get);
    TemplateException e =
        assertThrows(
            TemplateException.class,
            () ->
                small.render(
                    "{% for i in range(50000) %}0123456789{% endfor %}", vars, AT, "test"));
    assertTrue(e.getMessage().contains("over limit of 1000"), e.getMessage());
  }

  @Test
  void aFileNotRecordedAsJinjaStaysFreeMarkerAndReadsJinjaVariablesAsValues() {
    SourceLocation elsewhere = new SourceLocation("site.yml", 1, 1);
    assertEquals("1024", engine.interpolate("${pages?c}", vars, elsewhere, "t"));
    assertEquals("2048", engine.interpolate("${derived}", vars, elsewhere, "t"));
    assertEquals("1025", eval("{{ fm }}"));
  }

  @Test
  void theTemplateRuleReadsTheNameThenTheText() {
    assertEquals(TemplateLanguage.JINJA, LanguageRule.template("motd.j2", "${HOME}"));
    assertEquals(TemplateLanguage.FREEMARKER, LanguageRule.template("limits.conf.ftl", "x"));
    assertEquals(TemplateLanguage.JINJA, LanguageRule.template("run.sh", "{{ sid }} ${X}"));
    assertEquals(TemplateLanguage.FREEMARKER, LanguageRule.template("run.sh", "${sid}"));
    assertEquals(TemplateLanguage.FREEMARKER, LanguageRule.template("a.txt", "${\"{{\"}"));
  }

  @Test
  void listAndFirstFollowPython() {
    // Jinja2's list is Python's list(): a dict gives its keys, text its characters; first is the
    // first of those (ansible-core 2.14: {{ {'a': 1} | list }} is ['a'], {{ d | first }} is 'a')
    assertEquals(List.of("vm.nr_hugepages"), eval("{{ params | list }}"));
    assertEquals(List.of("a", "b"), eval("{{ 'ab' | list }}"));
    assertEquals("vm.nr_hugepages", eval("{{ params | first }}"));
    assertEquals("o", eval("{{ 'ora' | first }}"));
    assertEquals("ora", eval("{{ users | map(attribute='name') | first }}"));
    // reverse hands list an iterator: ansible-core gives the reversed list
    assertEquals(
        List.of("pg", "ora"), eval("{{ users | map(attribute='name') | reverse | list }}"));
  }
}
