package io.pagetune.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The differential harness's reading of both tools' JSON: what it holds equal and what it reports
 * as a silent difference (on canned outputs in each tool's real format).
 */
class RunComparisonTest {
  private static final RunComparison COMPARE =
      new RunComparison(new RegisteredValues(Map.of("/w/a", "<root>", "/w/p", "<root>")));

  /** ansible.posix.json output: an include entry, a command, a failed template, a skipped task. */
  private static String ansible(String stdout, String msg, int ok) {
    return """
        {"plays": [{"play": {"name": "t01"}, "tasks": [
          {"task": {"name": "inc"}, "hosts": {"h": {"action": "include_tasks", "include": "x.yml"}}},
          {"task": {"name": "cat"}, "hosts": {"h": {"action": "command", "changed": false,
             "rc": 0, "stdout": "%s", "stdout_lines": ["%s"], "msg": "", "delta": "0:00:00.01",
             "invocation": {"module_args": {}}}}},
          {"task": {"name": "show"}, "hosts": {"h": {"action": "debug", "failed": true,
             "msg": "The task includes an option with an undefined variable. The error was: 'x' is undefined"}}},
          {"task": {"name": "skip"}, "hosts": {"h": {"action": "debug", "changed": false,
             "skipped": true, "skip_reason": "Conditional result was False"}}},
          {"task": {"name": "note"}, "hosts": {"h": {"action": "debug", "msg": "%s"}}}
        ]}],
        "stats": {"h": {"ok": %d, "changed": 0, "failures": 0, "ignored": 1, "rescued": 0,
           "skipped": 1, "unreachable": 0}}}
        """
        .formatted(stdout, stdout, msg, ok);
  }

  private static String pagetune(String stdout, String msg, int ok) {
    String line = "{\"event\":\"host_result\",\"host\":\"h\",\"task\":\"%s\",\"result\":%s}\n";
    return line.formatted(
            "cat",
            "{\"cmd\":[\"cat\"],\"rc\":0,\"stdout\":\"%s\",\"stdout_lines\":[\"%s\"],\"msg\":\"\",\"changed\":false}"
                .formatted(stdout, stdout))
        + line.formatted("show", "{\"msg\":\"x is undefined (pagetune's words)\",\"failed\":true}")
        + line.formatted("skip", "{\"skipped\":true,\"changed\":false}")
        + line.formatted("note", "{\"msg\":\"%s\",\"changed\":false}".formatted(msg))
        + "{\"event\":\"run_finished\",\"recap\":{\"h\":{\"ok\":%d,\"changed\":0,\"unreachable\":0,"
            .formatted(ok)
        + "\"failed\":0,\"skipped\":1,\"rescued\":0,\"ignored\":1,\"pending_restarts\":0}}}\n";
  }

  private static List<String> diff(String ansible, String pagetune) {
    return COMPARE.differences(
        List.of("h"), AnsibleJson.read(ansible, ""), PagetuneJson.read(pagetune, ""));
  }

  @Test
  void theSameValuesRecapAndRootsAreEqual() {
    assertEquals(List.of(), diff(ansible("/w/a/h/etc", "ok", 3), pagetune("/w/p/h/etc", "ok", 3)));
  }

  @Test
  void aDifferentMessageOrStdoutIsASilentDifference() {
    List<String> d = diff(ansible("x", "2", 3), pagetune("y", "2.0", 3));
    assertEquals(2, d.size(), d.toString());
    assertTrue(d.get(0).startsWith("h: task 1 'cat': ansible "), d.get(0));
    assertTrue(d.get(1).startsWith("h: task 4 'note': "), d.get(1));
  }

  @Test
  void aDifferentRecapIsASilentDifference() {
    List<String> d = diff(ansible("x", "m", 3), pagetune("x", "m", 2));
    assertEquals(
        List.of(
            "h: recap: ansible {ok=3, changed=0, unreachable=0, failed=0, skipped=1, rescued=0,"
                + " ignored=1}, pagetune {ok=2, changed=0, unreachable=0, failed=0, skipped=1,"
                + " rescued=0, ignored=1}"),
        d);
  }

  @Test
  void aTemplateErrorMustFailInBothButItsWordingIsPythons() {
    String succeeded =
        pagetune("x", "m", 3)
            .replace(
                "{\"msg\":\"x is undefined (pagetune's words)\",\"failed\":true}",
                "{\"msg\":\"\"}");
    List<String> d = diff(ansible("x", "m", 3), succeeded);
    assertEquals(1, d.size(), d.toString());
    assertTrue(d.get(0).startsWith("h: task 2 'show': "), d.get(0));
  }

  @Test
  void aTaskOnlyOneToolRanIsASilentDifference() {
    String fewer =
        pagetune("x", "m", 3).lines().filter(l -> !l.contains("\"note\"")).toList().stream()
            .reduce("", (a, b) -> a + b + "\n");
    assertEquals(List.of("h: task 4: only ansible ran 'note'"), diff(ansible("x", "m", 3), fewer));
  }

  @Test
  void numbersCompareAsPythonValuesNotAsJsonText() {
    com.fasterxml.jackson.databind.ObjectMapper m =
        new com.fasterxml.jackson.databind.ObjectMapper();
    assertTrue(JsonValues.same(m.valueToTree(2), m.valueToTree(2L)));
    assertTrue(!JsonValues.same(m.valueToTree(2), m.valueToTree(2.0)));
    assertTrue(!JsonValues.same(m.valueToTree(2), m.valueToTree("2")));
    assertTrue(
        JsonValues.same(
            m.valueToTree(Map.of("a", 1, "b", 2)), m.valueToTree(Map.of("b", 2, "a", 1))));
  }
}
