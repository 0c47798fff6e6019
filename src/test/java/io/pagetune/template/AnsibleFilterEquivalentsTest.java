package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The FreeMarker the README gives for Ansible's filters evaluates to what the filter gives. */
class AnsibleFilterEquivalentsTest {
  private static final SourceLocation AT = new SourceLocation("p.yml", 1, 1);
  private final TemplateEngine engine = new TemplateEngine(List.of());
  private final Map<String, Object> vars =
      Map.of(
          "dirs",
          List.of(Map.of("name", "etc", "keep", true), Map.of("name", "log", "keep", false)),
          "settings",
          Map.of("vm.swappiness", 10L),
          "csv",
          "a,b,c",
          "name",
          "DB01",
          "ok",
          true,
          "total",
          7L);

  private Object eval(String expr) {
    return engine.evaluate(expr, vars, AT, "t");
  }

  @Test
  void selectattrMapFirstLowerSplitDefaultTernaryAndFloorDivision() {
    // {{ dirs | selectattr('keep') | map(attribute='name') | first }}
    assertEquals("etc", eval("dirs?filter(d -> d.keep)?map(d -> d.name)?first"));
    // {{ name | lower }}, {{ csv | split(',') }}, {{ missing | default('x') }}
    assertEquals("db01", eval("name?lower_case"));
    assertEquals(List.of("a", "b", "c"), eval("csv?split(',')"));
    assertEquals("x", eval("missing!'x'"));
    // {{ ok | ternary('yes', 'no') }}, {{ total // 2 }}, 'b' in list
    assertEquals("yes", eval("ok?then('yes', 'no')"));
    assertEquals(3L, eval("(total / 2)?floor"));
    assertEquals(true, eval("csv?split(',')?seq_contains('b')"));
  }

  @Test
  void dict2itemsAndItems2dictRoundTrip() {
    Object items = eval("dict2items(settings)");
    assertEquals(List.of(Map.of("key", "vm.swappiness", "value", 10L)), items);
    assertEquals(Map.of("vm.swappiness", 10L), eval("items2dict(dict2items(settings))"));
    assertEquals(List.of("vm.swappiness"), eval("dict2items(settings)?map(i -> i.key)"));
    TemplateException e = assertThrows(TemplateException.class, () -> eval("dict2items(csv)"));
    assertTrue(e.getMessage().contains("dict2items() needs a mapping"), e.getMessage());
  }
}
