package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.builtin.FileModule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Steps run in order on the local machine; a failed one stops the plan and says how far it got. */
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
}
