package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code sequence} lookup in both of its forms, as ansible.builtin.sequence documents them
 * ({@code [start-]end[/stride][:format]} and {@code start= end= count= stride= format=}); expected
 * values from ansible-playbook 2.14.18.
 */
class SequenceLookupTest {
  private final TemplateEngine engine = JinjaExpressionsTest.engine();

  private Object eval(String template) {
    return engine.interpolate(template, Map.of("hosts", 3L), JinjaExpressionsTest.AT, "t");
  }

  private void fails(String template, String reason) {
    TemplateException e = assertThrows(TemplateException.class, () -> eval(template));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  @Test
  void shortForms() {
    assertEquals(List.of("1", "2", "3", "4"), eval("{{ query('sequence', '4') }}"));
    assertEquals(List.of("5", "6", "7", "8"), eval("{{ query('sequence', '5-8') }}"));
    assertEquals(List.of("2", "4", "6", "8", "10"), eval("{{ query('sequence', '2-10/2') }}"));
    assertEquals(
        List.of("host01", "host02", "host03", "host04"),
        eval("{{ query('sequence', '4:host%02d') }}"));
  }

  @Test
  void keyValueForms() {
    assertEquals("1,2,3", eval("{{ lookup('sequence', 'start=1 end=3') }}"));
    assertEquals(List.of("1", "2", "3"), eval("{{ q('sequence', 'count=' ~ hosts) }}"));
    assertEquals(
        List.of("10", "7", "4", "1"), eval("{{ query('sequence', 'start=10 end=0 stride=-3') }}"));
    assertEquals(
        List.of("0x05", "0x07", "0x09", "0x0b"),
        eval("{{ query('sequence', 'start=5 end=11 stride=2 format=0x%02x') }}"));
    assertEquals(
        List.of("0f00", "0f01", "0f02", "0f03"),
        eval("{{ query('sequence', 'start=0x0f00 count=4 format=%04x') }}"));
    assertEquals(List.of(), eval("{{ query('sequence', 'start=1 count=0') }}"));
    assertEquals(
        List.of("1", "2", "3", "1", "2"), eval("{{ query('sequence', 'end=3', 'end=2') }}"));
  }

  @Test
  void badArgumentsFailWithAnsiblesWords() {
    fails("{{ query('sequence', 'start=5 end=1') }}", "to count backwards make stride negative");
    fails("{{ query('sequence', 'end=5 stride=-1') }}", "to count forward don't make stride");
    fails("{{ query('sequence', 'end=3 format=%d%d') }}", "bad formatting string: %d%d");
    // int(x, 0) takes no leading zero
    fails("{{ query('sequence', 'end=010') }}", "can't parse end=010 as integer");
    fails("{{ query('sequence', 'end=3 step=1') }}", "unrecognized arguments to with_sequence");
    fails("{{ query('sequence', 'start=1') }}", "must specify count or end in with_sequence");
    fails("{{ query('sequence', 'end=3 count=3') }}", "can't specify both count and end");
  }

  @Test
  void aHugeSequenceIsRefusedBeforeItFillsTheMemory() {
    fails("{{ query('sequence', 'end=10000000000') | length }}", "more than pagetune makes");
  }
}
