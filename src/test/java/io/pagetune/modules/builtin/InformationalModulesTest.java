package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.StubServices;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** set_fact, debug, assert and fail: data and failures only, never a step. */
class InformationalModulesTest {
  @TempDir Path dir;

  @Test
  void setFactReturnsItsArgumentsAsFacts() {
    ModuleHarness h = new ModuleHarness(new SetFactModule(), dir);
    Map<String, Object> raw = new HashMap<>();
    raw.put("hugepages_needed", 6144);
    raw.put("sids", List.of("PRD", "QAS"));
    raw.put("nothing", null);
    raw.put("cacheable", true);
    Plan plan = h.plan(raw);
    ModuleHarness.assertUpToDate(plan);
    Map<String, Object> expected = new HashMap<>();
    expected.put("hugepages_needed", 6144);
    expected.put("sids", List.of("PRD", "QAS"));
    expected.put("nothing", null);
    assertEquals(expected, plan.data().get("ansible_facts"));
  }

  @Test
  void debugShowsAMessageOrAVariable() {
    ModuleHarness h =
        new ModuleHarness(new DebugModule(), dir)
            .services(
                new StubServices(dir)
                    .interpolation("${sga_gb}", "96")
                    .expression("(sga_gb)??", true)
                    .expression("(undefined_thing)??", false));
    assertEquals(Map.of("msg", "SGA is 96 GB"), h.plan(Map.of("msg", "SGA is 96 GB")).data());
    assertEquals(Map.of("msg", "Hello world!"), h.plan(Map.of()).data());
    assertEquals(Map.of("msg", List.of("a", "b")), h.plan(Map.of("msg", List.of("a", "b"))).data());
    Plan var = h.plan(Map.of("var", "sga_gb"));
    ModuleHarness.assertUpToDate(var);
    // the value under the variable's name, and Ansible's marker that makes reporters print it
    assertEquals(Map.of("sga_gb", "96", DebugModule.VERBOSE_ALWAYS, true), var.data());
    assertEquals(
        Map.of("undefined_thing", DebugModule.UNDEFINED, DebugModule.VERBOSE_ALWAYS, true),
        h.plan(Map.of("var", "undefined_thing")).data());
    h.assertRejected(Map.of("msg", "a", "var", "b"), "mutually exclusive");
    h.assertRejected(Map.of("var", "${x}"), "without ${...}");
    h.assertRejected(Map.of("mgs", "a"), "did you mean 'msg'");
    h.assertRejected(Map.of("msg", "a", "verbosity", "high"), "'verbosity' must be an integer");
  }

  @Test
  void assertPassesWhenEveryExpressionHolds() {
    ModuleHarness h =
        new ModuleHarness(new AssertModule(), dir)
            .services(
                new StubServices(dir)
                    .expression("hugepages_total >= 6144", true)
                    .expression("thp == 'never'", true));
    Plan plan = h.plan(Map.of("that", List.of("hugepages_total >= 6144", "thp == 'never'")));
    ModuleHarness.assertUpToDate(plan);
    assertEquals("All assertions passed", plan.data().get("msg"));
    Plan single = h.plan(Map.of("that", "thp == 'never'", "success_msg", "THP is off"));
    assertEquals("THP is off", single.data().get("msg"));
  }

  @Test
  void assertFailsOnTheFirstFalseExpression() {
    // the third expression is not registered: evaluating it would throw, proving the stop
    ModuleHarness h =
        new ModuleHarness(new AssertModule(), dir)
            .services(new StubServices(dir).expression("a", true).expression("b", false));
    Plan plan = h.plan(Map.of("that", List.of("a", "b", "c")));
    assertEquals("Assertion failed: b", plan.failure().orElseThrow());
    // ansible.builtin.assert registers its default message without the expression
    assertEquals("Assertion failed", plan.data().get("msg"));
    assertEquals("b", plan.data().get("assertion"));
    assertEquals(false, plan.data().get("evaluated_to"));
    assertTrue(plan.steps().isEmpty());
    Plan custom = h.plan(Map.of("that", "b", "fail_msg", "too few huge pages"));
    assertEquals("too few huge pages", custom.failure().orElseThrow());
    Plan alias = h.plan(Map.of("that", "b", "msg", "via msg"));
    assertEquals("via msg", alias.failure().orElseThrow());
    assertThrows(IllegalStateException.class, () -> h.plan(Map.of("that", List.of("c"))));
  }

  @Test
  void assertArguments() {
    ModuleHarness h = new ModuleHarness(new AssertModule(), dir);
    h.assertRejected(Map.of("fail_msg", "x"), "missing required argument 'that'");
    h.assertRejected(Map.of("that", Map.of("a", 1)), "must be an expression or a list");
    h.assertRejected(Map.of("that", List.of()), "needs at least one expression");
    h.assertRejected(Map.of("that", "a", "succes_msg", "x"), "did you mean 'success_msg'");
    assertTrue(new AssertModule().spec().isExpression("that"));
  }

  @Test
  void failFailsWithItsMessage() {
    ModuleHarness h = new ModuleHarness(new FailModule(), dir);
    assertEquals("Failed as requested from task", h.plan(Map.of()).failure().orElseThrow());
    Plan plan = h.plan(Map.of("msg", "SGA does not fit in RAM"));
    assertEquals("SGA does not fit in RAM", plan.failure().orElseThrow());
    assertEquals("SGA does not fit in RAM", plan.data().get("msg"));
    assertTrue(plan.steps().isEmpty());
    h.assertRejected(Map.of("msgs", "x"), "did you mean 'msg'");
  }
}
