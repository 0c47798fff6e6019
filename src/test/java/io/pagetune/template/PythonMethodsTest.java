package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.error.SourceLocation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Python's str and list methods, item access and Jinja2's loop variables and sort, with the values
 * ansible-playbook's debug msg gives (Python's str methods:
 * docs.python.org/3/library/stdtypes.html; loop variables and sort:
 * jinja.palletsprojects.com/templates).
 */
class PythonMethodsTest {
  private static final SourceLocation AT = JinjaExpressionsTest.AT;
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private Object eval(String template) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("s", "Hello World");
    v.put("xs", List.of(3L, 1L, 2L));
    v.put("words", List.of("oracle", "postgres", "sap"));
    v.put("d", Map.of("c", 3L, "a", 1L, "b", 2L));
    v.put(
        "dbs",
        List.of(Map.of("name", "ORCL", "sga", 8192L), Map.of("name", "TEST1", "sga", 1024L)));
    return engine.interpolate(template, v, AT, "test");
  }

  @Test
  void strMethods() {
    assertEquals(false, eval("{{ s.isalpha() }}"));
    assertEquals(true, eval("{{ 'abc'.isalnum() }}"));
    assertEquals(true, eval("{{ 'ABC'.isupper() }}"));
    assertEquals("Oracle Db", eval("{{ 'oracle db'.title() }}"));
    assertEquals("hELLO wORLD", eval("{{ s.swapcase() }}"));
    assertEquals("strasse", eval("{{ 'Straße'.casefold() }}"));
    assertEquals("00042", eval("{{ '42'.zfill(5) }}"));
    assertEquals("**Hello World**", eval("{{ s.center(15, '*') }}"));
    assertEquals("Hello World..", eval("{{ s.ljust(13, '.') }}"));
    assertEquals("  Hello World", eval("{{ s.rjust(13) }}"));
    assertEquals("4", eval("{{ s.index('o') }}"));
    assertEquals("7", eval("{{ s.rfind('o') }}"));
    assertEquals(List.of("Hello", "World"), eval("{{ s.rsplit(' ', 1) }}"));
    assertEquals("4096", eval("{{ 'vm.nr_hugepages = 4096'.partition(' = ')[2] }}"));
    assertEquals("c", eval("{{ 'a.b.c'.rpartition('.')[2] }}"));
  }

  @Test
  void itemsOfListsAndStrings() {
    assertEquals("3", eval("{{ xs[0] }}"));
    assertEquals("2", eval("{{ xs[-1] }}"));
    assertEquals("d", eval("{{ s[-1] }}"));
    assertEquals("sap", eval("{{ 'a,b,sap'.split(',')[-1] }}"));
    assertEquals("2", eval("{{ xs.index(2) }}"));
    assertEquals("1", eval("{{ xs.count(1) }}"));
  }

  @Test
  void loopVariables() {
    assertEquals(
        "oracle, postgres, sap",
        eval("{% for w in words %}{{ w }}{% if not loop.last %}, {% endif %}{% endfor %}"));
    assertEquals(
        "3/3 2/3 1/3 ",
        eval("{% for x in xs %}{{ loop.revindex }}/{{ loop.length }} {% endfor %}"));
    assertEquals(
        "2F10",
        eval("{% for x in xs %}{{ loop.revindex0 }}{% if loop.first %}F{% endif %}{% endfor %}"));
  }

  @Test
  void sortAsJinja2() {
    assertEquals("a,b,c", eval("{{ d | sort | join(',') }}"));
    assertEquals(
        List.of("TEST1", "ORCL"),
        eval("{{ dbs | sort(attribute='sga') | map(attribute='name') | list }}"));
    assertEquals(List.of(3L, 2L, 1L), eval("{{ xs | sort(reverse=true) }}"));
  }
}
