package io.pagetune.executor.task;

import io.pagetune.connection.Connection;
import io.pagetune.executor.host.HostRun;
import io.pagetune.modules.FileEffect;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.playbook.Task;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One invocation of a task's module once it is planned: what predicting, applying and saving the
 * plan each need.
 *
 * @param view the host as the plan saw it (in check mode: as the earlier tasks would leave it)
 */
record PlannedCall(
    Task task,
    HostRun host,
    Map<String, Object> vars,
    Module module,
    ModuleCall call,
    Connection conn,
    HostState view,
    Plan plan) {

  boolean noLog() {
    return Boolean.TRUE.equals(task.keywords().noLog());
  }

  /** The plan's own {@code RequestRestart} steps. */
  List<Step.RequestRestart> restartSteps() {
    return restartSteps(plan.steps());
  }

  /** The {@code RequestRestart} steps among {@code steps}. */
  static List<Step.RequestRestart> restartSteps(List<Step> steps) {
    return steps.stream()
        .filter(s -> s instanceof Step.RequestRestart)
        .map(s -> (Step.RequestRestart) s)
        .toList();
  }

  /** The paths {@code steps} change, each once, in order. */
  static List<String> changedPaths(List<Step> steps) {
    return steps.stream()
        .map(FileEffect::of)
        .flatMap(Optional::stream)
        .map(FileEffect::path)
        .distinct()
        .toList();
  }
}
