package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Ansible's {@code pow} (Python's {@code math.pow}) and Jinja2's {@code filesizeformat}; expected
 * values from ansible-playbook 2.14.18 on this machine.
 */
class JinjaNumberFiltersTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private Object eval(String template) {
    return engine.interpolate(
        template, Map.of("num_str", "4096", "s", "text"), JinjaExpressionsTest.AT, "t");
  }

  private void fails(String template, String reason) {
    TemplateException e = assertThrows(TemplateException.class, () -> eval(template));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  /** A template's one number comes out as text, as ansible-core 2.14 hands it over. */
  @Test
  void powIsAlwaysAFloat() {
    assertEquals("256.0", eval("{{ 2 | pow(8) }}"));
    assertEquals("256", eval("{{ (2 | pow(8)) | int }}"));
    assertEquals("6.25", eval("{{ 2.5 | pow(2) }}"));
    assertEquals("2.0", eval("{{ 4 | pow(0.5) }}"));
    assertEquals("1.0", eval("{{ 42 | pow(0) }}"));
  }

  /** Python's math.pow raises where C's pow gives NaN or infinity. */
  @Test
  void powFailsWherePythonRaises() {
    fails("{{ (-8) | pow(1/3) }}", "math domain error");
    fails("{{ 0 | pow(-1) }}", "math domain error");
    fails("{{ 10 | pow(400) }}", "math range error");
    fails("{{ 'x' | pow(2) }}", "pow() can only be used on numbers");
  }

  @Test
  void fileSizesInDecimalUnits() {
    assertEquals("0 Bytes", eval("{{ 0 | filesizeformat }}"));
    assertEquals("1 Byte", eval("{{ 1 | filesizeformat }}"));
    assertEquals("999 Bytes", eval("{{ 999 | filesizeformat }}"));
    assertEquals("1.0 kB", eval("{{ 1000 | filesizeformat }}"));
    assertEquals("1.0 kB", eval("{{ 1024 | filesizeformat }}"));
    assertEquals("123.5 MB", eval("{{ 123456789 | filesizeformat }}"));
    // a number in text is read as Python's float() reads it
    assertEquals("4.1 kB", eval("{{ num_str | filesizeformat }}"));
    assertEquals("-5 Bytes", eval("{{ (-5) | filesizeformat }}"));
  }

  @Test
  void fileSizesInBinaryUnits() {
    assertEquals("1023 Bytes", eval("{{ 1023 | filesizeformat(true) }}"));
    assertEquals("1.5 KiB", eval("{{ 1536 | filesizeformat(true) }}"));
    assertEquals("1.0 GiB", eval("{{ 1073741824 | filesizeformat(true) }}"));
    assertEquals("64.0 GiB", eval("{{ 68719476736 | filesizeformat(binary=true) }}"));
    // beyond yobibytes the largest unit stays
    assertEquals("1024.0 YiB", eval("{{ (1024 ** 9) | filesizeformat(true) }}"));
  }

  @Test
  void textThatIsNoNumberHasNoSize() {
    fails("{{ s | filesizeformat }}", "could not convert");
  }
}
