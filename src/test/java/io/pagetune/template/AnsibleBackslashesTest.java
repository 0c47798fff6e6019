package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ansible-core doubles the backslashes of string literals inside {{ }} before Jinja reads a
 * playbook's string (Templar._escape_backslashes), so literals keep what was written; measured with
 * ansible-playbook's debug msg.
 */
class AnsibleBackslashesTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private Object eval(String template) {
    return engine.interpolate(
        template, Map.of("kv", "vm.nr_hugepages = 4096"), JinjaExpressionsTest.AT, "test");
  }

  @Test
  void aLiteralKeepsItsBackslashes() {
    // the YAML text '\\.' is a regex of a backslash and any character: 'a.b.c' has none
    assertEquals("a.b.c", eval("{{ 'a.b.c' | regex_replace('\\\\.', '_') }}"));
    // the YAML text '\.' is the regex of a dot
    assertEquals("a_b_c", eval("{{ 'a.b.c' | regex_replace('\\.', '_') }}"));
    assertEquals("4096", eval("{{ kv | regex_replace('^.* = (\\d+)$', '\\1') }}"));
    assertEquals("tab\\there", eval("{{ 'tab\\there' }}"));
  }

  @Test
  void onlyLiteralsInsideExpressionsAreEscaped() {
    assertEquals("a\\b {{ 'x\\\\y' }}", AnsibleBackslashes.escape("a\\b {{ 'x\\y' }}"));
  }
}
