package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code regex_replace} reads its replacement as Ansible (Python's {@code re.sub}) does, and a
 * replacement taken from a host is data: its {@code $1} or {@code \1} is never a group.
 */
class RegexReplacementTest {
  private static final SourceLocation AT = new SourceLocation("play.yml", 4, 9);
  private final TemplateEngine engine = new TemplateEngine(List.of());

  private Object eval(String expression, Map<String, Object> vars) {
    return engine.evaluate(expression, vars, AT, "task 't'");
  }

  @Test
  void hostTextAsTheReplacementIsLiteral() {
    Map<String, Object> vars =
        Map.of("line", "password=old", "fromHost", new HostText("pa$1ss\\1w\\g<0>rd$"));
    assertEquals(
        "password=pa$1ss\\1w\\g<0>rd$",
        eval("'password=' + regex_replace(line, '^password=(.*)$', fromHost)", vars));
  }

  @Test
  void aDollarInAConcatenatedReplacementIsItself() {
    Map<String, Object> vars = Map.of("line", "x=1", "fromHost", new HostText("$1$2"));
    assertEquals("x=$1$2", eval("regex_replace(line, '^(x=).*$', 'x=' + fromHost)", vars));
  }

  @Test
  void groupsAndEscapesTheUserWroteApplyAsInPython() {
    Map<String, Object> vars = Map.of("line", "vm.nr_hugepages = 128");
    assertEquals(
        "vm.nr_hugepages=4096 (was 128)",
        eval("regex_replace(line, '^(\\\\S+) = ([0-9]+)$', '\\\\1=4096 (was \\\\g<2>)')", vars));
    assertEquals("a\tb", eval("regex_replace('a b', '^(?<x>a) ', '\\\\g<x>\\\\t')", vars));
    assertEquals("cost: $5", eval("regex_replace('cost: 5', '([0-9])', '$\\\\1')", vars));
  }

  @Test
  void aGroupThatDoesNotExistIsALocatedError() {
    TemplateException e =
        assertThrows(
            TemplateException.class, () -> eval("regex_replace('ab', 'b', '\\\\3')", Map.of()));
    assertTrue(e.getMessage().startsWith("play.yml:4:9:"), e.getMessage());
    assertTrue(e.getMessage().contains("invalid group reference 3"), e.getMessage());
  }
}
