package io.pagetune.executor.play;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.task.TaskVars;
import io.pagetune.playbook.MetaTask;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code meta: end_host} and {@code meta: end_play} as ansible-playbook 2.14 runs them. {@code
 * end_host} is decided per host: where its conditions hold the host runs nothing more of the play
 * (no task, handler, rescue or always); where they do not, the host shows a skip. {@code end_play}
 * is decided once, on the first host still running (the linear strategy runs it as {@code
 * run_once}); when it holds, every host of the play ends it and no further batch starts. Neither
 * result is counted in the recap: ansible-playbook counts no meta task, skipped or not.
 */
final class PlayEnds {
  private final RunContext ctx;

  PlayEnds(RunContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Runs {@code meta} on {@code live} (the hosts that reached it, in the play's order); returns
   * true when it ended the play for all of {@code playHosts}.
   */
  boolean run(MetaTask meta, List<HostRun> live, List<HostRun> playHosts, PlayContext play) {
    Task task = meta.task();
    if (!TagFilter.selects(
        task.keywords().tags(), ctx.options().tags(), ctx.options().skipTags())) {
      return false;
    }
    ctx.listener().taskStarted(task.displayName(), task.location().toString(), false);
    if (meta.action() == MetaTask.Action.END_HOST) {
      for (HostRun h : live) {
        if (holds(meta, h, play)) {
          h.endPlay();
        }
      }
      return false;
    }
    HostRun first = live.get(0);
    if (!holds(meta, first, play)) {
      return false;
    }
    for (HostRun h : playHosts) {
      if (!h.unreachable()) {
        h.endPlay();
      }
    }
    return true;
  }

  /**
   * Whether the conditions hold on {@code h}; a skip is shown when they do not, a failure when they
   * cannot be evaluated (the host then fails as on any task's broken condition).
   */
  private boolean holds(MetaTask meta, HostRun h, PlayContext play) {
    Task task = meta.task();
    boolean check =
        task.keywords().checkMode() != null ? task.keywords().checkMode() : ctx.options().check();
    String action = meta.action() == MetaTask.Action.END_HOST ? "end_host" : "end_play";
    try {
      Map<String, Object> vars = TaskVars.of(ctx, play, h, task, check);
      for (String cond : task.keywords().when()) {
        if (!ctx.templates().test(cond, vars, task.location(), "meta " + action + " when")) {
          Map<String, Object> result = new LinkedHashMap<>();
          result.put("skipped", true);
          result.put(
              "skip_reason",
              action
                  + " conditional evaluated to False"
                  + (meta.action() == MetaTask.Action.END_HOST
                      ? ", continuing execution for " + h.name()
                      : ", continuing play"));
          report(task, play, h, Status.SKIPPED, null, result, check);
          return false;
        }
      }
      return true;
    } catch (RuntimeException e) {
      String msg = task.location() + ": " + e.getMessage();
      report(task, play, h, Status.FAILED, msg, Map.of("failed", true, "msg", msg), check);
      h.failed(true);
      if (!h.rescuable()) {
        h.count(Status.FAILED, false, 0);
      }
      return false;
    }
  }

  private void report(
      Task task,
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
                    task.displayName(),
                    task.location().toString(),
                    status)
                .message(message)
                .checkMode(check)
                .result(result)
                .build());
  }
}
