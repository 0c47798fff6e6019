package io.pagetune.plan;

import io.pagetune.report.RunListener;
import io.pagetune.report.RunSummary;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A saved plan told to a {@link RunListener} as the check run that made it would have told it: a
 * changed task per planned task, with its steps, diffs and predicted restarts. The report files of
 * {@code show PLAN} come from here, and so do the hosts an apply refused before it started.
 */
public final class PlanEvents {
  private PlanEvents() {}

  /** Tells {@code listener} every planned task of {@code plan}, host by host. */
  public static void replay(SavedPlan plan, RunListener listener) {
    String play = play(plan);
    listener.runStarted(plan.source().playbook(), true);
    listener.playStarted(play, plan.hosts().stream().map(HostPlan::host).toList());
    for (HostPlan host : plan.hosts()) {
      for (TaskPlan task : host.tasks()) {
        List<String> diffs = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        for (PlannedWrite w : task.writes()) {
          paths.add(w.path());
          if (w.diff() != null && !w.diff().isEmpty()) {
            diffs.add(w.diff());
          }
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("changed", true);
        if (task.pageState() != null) {
          result.put("page_state", task.pageState());
        }
        listener.hostResult(
            TaskOutcome.builder(host.host(), play, task.task(), task.location(), Status.CHANGED)
                .message(String.join("; ", task.steps()))
                .checkMode(true)
                .diffs(diffs)
                .restarts(task.restarts())
                .result(result)
                .paths(paths)
                .build());
      }
    }
    listener.runFinished(
        new RunSummary(plan.runId() == null ? "" : plan.runId(), Map.of(), List.of(), true, false),
        0);
  }

  /** Tells {@code listener} that {@code host} was refused before anything ran on it. */
  public static void refused(SavedPlan plan, String host, String why, RunListener listener) {
    listener.hostResult(
        TaskOutcome.builder(
                host, play(plan), "apply the plan", plan.source().playbook(), Status.FAILED)
            .message(why)
            .result(Map.of("failed", true, "msg", why))
            .build());
  }

  private static String play(SavedPlan plan) {
    return "plan " + PlanDigest.shortForm(plan.digest());
  }
}
