package io.pagetune.executor.task;

import io.pagetune.executor.PlanRecorder;
import io.pagetune.executor.PlannedTask;
import io.pagetune.executor.RunContext;
import io.pagetune.modules.Plan;
import io.pagetune.template.HostText;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tells the run's plan recorder (a check run with --save-plan) what a task would change. */
final class PlanRecording {
  private PlanRecording() {}

  /**
   * Records {@code plan} (the call's plan, or the part of it that runs now) with the ids of the
   * restart intents it predicted.
   */
  static void record(RunContext ctx, PlannedCall c, Plan plan, List<String> restarts) {
    if (ctx.services().plans() == PlanRecorder.NONE) {
      // an ordinary check run: no copy of the facts for a plan nobody saves
      return;
    }
    Map<String, Object> facts =
        c.vars().get("ansible_facts") instanceof Map<?, ?> m
            ? HostText.plainAll(castFacts(m))
            : Map.of();
    ctx.services()
        .plans()
        .planned(
            new PlannedTask(
                c.host().name(),
                c.task().displayName(),
                c.task().location().toString(),
                c.noLog(),
                plan,
                restarts,
                PlannedCall.restartSteps(plan.steps()),
                facts,
                path -> c.conn().read(path, c.call().become()),
                c.call().become().enabled()
                    ? Optional.of(c.call().become().user())
                    : Optional.empty(),
                PlannedTask.commandsOf(plan.steps(), c.call())));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> castFacts(Map<?, ?> facts) {
    return (Map<String, ?>) facts;
  }
}
