package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class JinjaLoadCheckTest {
  private final JinjaLoadCheck check = new JinjaLoadCheck();

  /**
   * ansible-core doubles backslashes in the string literals of a playbook's {{ }} before Jinja
   * reads them, so a regex written {@code '\s+(\d+)'} in YAML is accepted and means what it says;
   * the load check reads the string the same way (ansible-playbook 2.14.18 registers the group).
   */
  @Test
  void aRegexWithBackslashesInAPlaybookStringLoads() {
    String text = "{{ meminfo | regex_search('Hugepagesize:\\s+(\\d+)', '\\1') | first }}";
    assertEquals(Optional.empty(), check.yamlString(text));
  }

  @Test
  void aSyntaxErrorIsStillOne() {
    assertTrue(check.yamlString("{{ a + }}").orElseThrow().reason().startsWith("syntax error"));
  }

  /** Functions Ansible's Jinja has are names the check knows, as the run does. */
  @Test
  void rangeDictAndLookupCallsLoad() {
    for (String text :
        new String[] {
          "{{ range(1, 10, 3) | list }}",
          "{{ dict(a=1, b=2) }}",
          "{{ lookup('env', 'HOME') | default('x', true) }}",
          "{{ query('vars', 'n') }}"
        }) {
      assertEquals(Optional.empty(), check.yamlString(text), text);
    }
  }

  /** Jinja2 has no {@code empty}, {@code lt} or {@code null} operators: they are names. */
  @Test
  void theExpressionLanguagesOwnWordsAreNamesInJinja() {
    for (String text :
        new String[] {
          "{{ not empty }}", "{{ empty | default('x') }}", "{{ lt ~ mod }}", "{{ null is defined }}"
        }) {
      assertEquals(Optional.empty(), check.yamlString(text), text);
    }
  }
}
