package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.builtin.FileModule;
import io.pagetune.pages.PageState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Steps run in order on the local machine; a failed one stops the plan and says how far it got.
 * Read-backs fold what they read into the result without counting as a change.
 */
class StepRunnerTest {
  @TempDir Path dir;

  private ApplyResult run(List<Step> steps) {
    ModuleCall call = new ModuleHarness(new FileModule(), dir).call(Map.of("path", dir.toString()));
    StepRunner runner =
        new StepRunner(
            new LocalConnection("localhost"), Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC));
    return runner.run(Plan.of(steps, List.of()), call);
  }

  private Step.Put put(String name) {
    return new Step.Put(
        dir.resolve(name).toString(),
        "x\n".getBytes(StandardCharsets.UTF_8),
        null,
        null,
        null,
        false);
  }

  @Test
  void aFailedCommandStopsThePlanAndOnlyTheStepsUpToItRan() {
    Step.Exec fails =
        Step.Exec.of(
                RemoteCommand.argv("mkdir", "--", dir.resolve("no/such/parent").toString()), null)
            .changing(FileEffect.makeDirectory(dir.resolve("no/such/parent").toString()));
    List<Step> steps = List.of(put("first"), fails, put("never"));
    ApplyResult result = run(steps);
    assertTrue(result.failure().isPresent());
    assertTrue(Files.exists(dir.resolve("first")));
    assertFalse(Files.exists(dir.resolve("never")));
    assertEquals(steps.subList(0, 2), result.ran(steps));
    assertEquals(
        List.of(dir.resolve("first").toString(), dir.resolve("no/such/parent").toString()),
        result.ran(steps).stream().map(s -> FileEffect.of(s).orElseThrow().path()).toList(),
        "the paths a failed task reports: not the write after the failure");
  }

  @Test
  void aPlanThatSucceedsRanEveryStep() {
    List<Step> steps = List.of(put("a"), put("b"));
    ApplyResult result = run(steps);
    assertTrue(result.failure().isEmpty());
    assertEquals(steps, result.ran(steps));
  }

  @Test
  void aResultThatDoesNotCountItsStepsRanThemAll() {
    List<Step> steps = List.of(put("a"), put("b"));
    ApplyResult uncounted =
        new ApplyResult(
            true, List.of(), List.of(), List.of(), Map.of(), java.util.Optional.of("failed"));
    assertEquals(steps, uncounted.ran(steps));
  }

  /** A read-back that reads the file {@code name} and registers its content as {@code read}. */
  private Step.ReadBack readBack(String name) {
    return Step.ReadBack.of(
        "read back " + name,
        (result, host) -> {
          var back = host.query(RemoteCommand.argv("cat", "--", dir.resolve(name).toString()));
          return back.ok()
              ? result.withData(Map.of("read", back.stdout().strip()))
              : result.withFailure(name + " reads back nothing");
        });
  }

  @Test
  void aReadBackSeesTheStepsBeforeItAndChangesNothing() {
    List<Step> steps = List.of(put("a"), readBack("a"));
    ApplyResult result = run(steps);
    assertTrue(result.failure().isEmpty());
    assertEquals("x", result.data().get("read"));
    assertTrue(result.changed(), "the write changed the host");
    ApplyResult onlyReads = run(List.of(readBack("a")));
    assertFalse(onlyReads.changed(), "a read-back is no change");
    assertFalse(Plan.of(List.of(readBack("a")), List.of()).changes());
    assertEquals(List.of(), Plan.of(List.of(readBack("a")), List.of()).changeSteps());
  }

  @Test
  void aFailingReadBackStopsTheStepsAfterIt() {
    List<Step> steps = List.of(put("a"), readBack("missing"), put("never"));
    ApplyResult result = run(steps);
    assertEquals("missing reads back nothing", result.failure().orElseThrow());
    assertFalse(Files.exists(dir.resolve("never")));
    assertEquals(steps.subList(0, 2), result.ran(steps));
  }

  @Test
  void onlyAReadBackMadeForFailuresRunsAfterAFailedStep() {
    Step.Exec fails = Step.Exec.of(RemoteCommand.argv("false"), "fail");
    Step.ReadBack registers =
        new Step.ReadBack(
            "register", true, (result, host) -> result.withData(Map.of("seen", "failure")));
    ApplyResult result = run(List.of(fails, readBack("a"), registers));
    assertTrue(result.failure().isPresent());
    assertEquals("failure", result.data().get("seen"));
    assertFalse(result.data().containsKey("read"), "the ordinary read-back did not run");
  }

  @Test
  void thePlansPageStatesReachTheResultAsTheReadBacksLeaveThem() {
    PageState planned =
        new PageState("t", "on", true, "on", false, "off", true, List.of("not yet"));
    PageState live = new PageState("t", "on", true, "on", true, "on", false, List.of());
    Plan plan =
        Plan.of(
                List.of(
                    put("a"),
                    Step.ReadBack.of(
                        "read back t", (result, host) -> result.withPageStates(List.of(live)))),
                List.of())
            .withPageStates(List.of(planned));
    assertEquals(List.of(planned.toMap()), plan.registered().get("page_state"));
    ModuleCall call = new ModuleHarness(new FileModule(), dir).call(Map.of("path", dir.toString()));
    ApplyResult result =
        new StepRunner(
                new LocalConnection("localhost"), Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC))
            .run(plan, call);
    assertEquals(List.of(live), result.pageStates());
    assertEquals(List.of(live.toMap()), result.registered().get("page_state"));
    assertFalse(result.data().containsKey("page_state"), "typed, not a map entry");
  }

  @Test
  void aFailureReplacesThePredictedMessageUnlessAReadBackAfterItSetsTheModulesOwn() {
    Step.Exec fails = Step.Exec.of(RemoteCommand.argv("false"), "fail");
    Plan predicted = Plan.of(List.of(fails), List.of()).withData(Map.of("msg", "line added"));
    ModuleCall call = new ModuleHarness(new FileModule(), dir).call(Map.of("path", dir.toString()));
    StepRunner runner =
        new StepRunner(
            new LocalConnection("localhost"), Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC));
    ApplyResult failed = runner.run(predicted, call);
    assertEquals(failed.failure().orElseThrow(), failed.data().get("msg"));
    Step.ReadBack own =
        new Step.ReadBack(
            "register", true, (result, host) -> result.withData(Map.of("msg", "module's own")));
    ApplyResult withOwn = run(List.of(fails, own));
    assertEquals("module's own", withOwn.data().get("msg"));
    assertTrue(withOwn.failure().isPresent());
  }
}
