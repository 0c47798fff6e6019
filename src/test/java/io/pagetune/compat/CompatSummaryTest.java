package io.pagetune.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary groups refusals by reason, without their place and the expression they quote. */
class CompatSummaryTest {
  @Test
  void refusalsOfTheSameKindShareOneReason() {
    assertEquals(
        "exit 4: Jinja2 syntax is not evaluated",
        CompatSummary.reason(
            "exit 4: x/check-batch.yml:24:15: msg: Jinja2 syntax '{{ s | lower }}' is not"
                + " evaluated by pagetune, which uses FreeMarker: write ${s?lower_case}"));
    assertEquals(
        "exit 4: unknown keyword '…'",
        CompatSummary.reason("exit 4: p/tasks/a.yml:4:3: unknown keyword 'loop'"));
  }

  @Test
  void theCountsAndEveryRefusalAndDifferenceAreListed() {
    String s =
        CompatSummary.of(
            "ansible-playbook [core 2.14.18]",
            List.of(
                Verdict.equal("t01 tasks/a.yml"),
                Verdict.refused("t02 tasks/b.yml", "exit 4: b.yml:1:1: unknown keyword 'x'")),
            List.of(Verdict.of("e0001 {{ 1 }}", List.of("ansible gave \"1\", pagetune gave 1"))));
    assertTrue(
        s.contains(
            "task files and roles: 2 — EQUAL 1 (50.0 %, goal 90 %), REFUSED 1 (50.0 %), SILENT"
                + " DIFFERENCE 0 (0.0 %)"),
        s);
    assertTrue(s.contains("expressions: 1 — EQUAL 0 (0.0 %, goal 95 %)"), s);
    assertTrue(s.contains("- e0001 {{ 1 }}\n    ansible gave \"1\", pagetune gave 1\n"), s);
    assertTrue(s.contains("- t02 tasks/b.yml\n    exit 4: b.yml:1:1: unknown keyword 'x'\n"), s);
  }
}
