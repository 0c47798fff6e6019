package io.pagetune.executor.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.report.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A loop's one result as ansible-core 2.14 registers it (its TaskExecutor._run_loop and _execute):
 * "All items completed" when no item failed, "All items skipped" when every item was skipped, "One
 * or more items failed" when one did, no msg for an empty loop, and changed when any item's result
 * changed, a failed one included (a failed command has changed: true).
 */
class LoopResultTest {
  private static TaskResult item(Status status, boolean changed) {
    return new TaskResult(
        status,
        status == Status.FAILED ? "run false: exit code 1" : null,
        Map.of("changed", changed),
        List.of(),
        List.of());
  }

  @Test
  void itemsThatRanCompleteTheLoop() {
    TaskResult loop =
        TaskResult.ofLoop(List.of(item(Status.OK, false), item(Status.SKIPPED, false)));
    assertEquals(Status.OK, loop.status());
    assertEquals("All items completed", loop.result().get("msg"));
    assertEquals(false, loop.result().get("changed"));
  }

  @Test
  void everyItemSkippedSkipsTheLoop() {
    TaskResult loop =
        TaskResult.ofLoop(List.of(item(Status.SKIPPED, false), item(Status.SKIPPED, false)));
    assertEquals(Status.SKIPPED, loop.status());
    assertEquals("All items skipped", loop.result().get("msg"));
    assertEquals(true, loop.result().get("skipped"));
  }

  @Test
  void anEmptyLoopIsSkippedWithoutMessage() {
    TaskResult loop = TaskResult.ofLoop(List.of());
    assertEquals(Status.SKIPPED, loop.status());
    assertFalse(loop.result().containsKey("msg"));
  }

  @Test
  void aFailedItemFailsTheLoopAndCountsItsChange() {
    TaskResult loop =
        TaskResult.ofLoop(List.of(item(Status.CHANGED, true), item(Status.FAILED, true)));
    assertEquals(Status.FAILED, loop.status());
    assertEquals("One or more items failed", loop.result().get("msg"));
    assertEquals(true, loop.result().get("changed"));
    // the console still says which item failed and why
    assertEquals("One or more items failed: run false: exit code 1", loop.message());
    TaskResult onlyFailed = TaskResult.ofLoop(List.of(item(Status.FAILED, true)));
    assertTrue((Boolean) onlyFailed.result().get("changed"), "a failed command changed");
  }
}
