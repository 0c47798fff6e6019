package io.pagetune.executor.play;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.task.TaskVars;
import io.pagetune.playbook.DynamicInclude;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides, per host, whether an {@code include_role} or {@code include_tasks} runs: its tags
 * against {@code --tags}, then its {@code when}, evaluated once when the run reaches it (a later
 * change to the variables does not stop the include halfway). A host where it is false counts one
 * skip; where it holds, an {@code include_role} itself is not counted (its tasks are), and an
 * {@code include_tasks} counts one ok, as ansible-playbook counts them.
 */
final class DynamicIncludeGate {
  private final RunContext ctx;

  DynamicIncludeGate(RunContext ctx) {
    this.ctx = ctx;
  }

  /** The hosts that run the role's tasks. */
  List<HostRun> admitted(DynamicInclude include, List<HostRun> hosts, PlayContext play) {
    Task gate = include.gate();
    if (!TagFilter.selects(
        gate.keywords().tags(), ctx.options().tags(), ctx.options().skipTags())) {
      return List.of();
    }
    ctx.listener().taskStarted(gate.displayName(), gate.location().toString(), false);
    boolean check =
        gate.keywords().checkMode() != null ? gate.keywords().checkMode() : ctx.options().check();
    List<HostRun> admitted = new ArrayList<>();
    for (HostRun h : hosts) {
      String what =
          (include.kind() == DynamicInclude.Kind.ROLE ? "include_role '" : "include_tasks '")
              + include.target()
              + "' when";
      try {
        Map<String, Object> vars = TaskVars.of(ctx, play, h, gate, check);
        String failedCondition = null;
        for (String cond : gate.keywords().when()) {
          if (!ctx.templates().test(cond, vars, gate.location(), what)) {
            failedCondition = cond;
            break;
          }
        }
        if (failedCondition == null) {
          admitted.add(h);
          if (include.kind() == DynamicInclude.Kind.TASKS) {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("changed", false);
            result.put("include", include.target());
            report(gate, play, h, Status.OK, "included: " + include.target(), result, check);
            h.count(Status.OK, false, 0);
          }
        } else {
          Map<String, Object> result = new LinkedHashMap<>();
          result.put("changed", false);
          result.put("skipped", true);
          result.put("skip_reason", "Conditional result was False");
          result.put("false_condition", failedCondition);
          report(gate, play, h, Status.SKIPPED, null, result, check);
          h.count(Status.SKIPPED, false, 0);
        }
      } catch (RuntimeException e) {
        String msg = gate.location() + ": " + e.getMessage();
        report(gate, play, h, Status.FAILED, msg, Map.of("failed", true, "msg", msg), check);
        h.failed(true);
        if (!h.rescuable()) {
          h.count(Status.FAILED, false, 0);
        }
      }
    }
    return admitted;
  }

  private void report(
      Task gate,
      PlayContext play,
      HostRun h,
      Status status,
      String message,
      Map<String, Object> result,
      boolean check) {
    ctx.listener()
        .hostResult(
            TaskOutcome.builder(
                    h.name(),
                    play.play().displayName(),
                    gate.displayName(),
                    gate.location().toString(),
                    status)
                .message(message)
                .checkMode(check)
                .result(result)
                .build());
  }
}
