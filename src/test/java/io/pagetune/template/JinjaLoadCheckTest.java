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
}
