package io.pagetune.executor.result;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import java.util.List;
import java.util.Map;

/** Hands each task result to the listeners, hidden when the task says {@code no_log}. */
public final class TaskReporter {
  public static final String CENSORED = "the output has been hidden due to no_log: true";

  private final RunContext ctx;

  public TaskReporter(RunContext ctx) {
    this.ctx = ctx;
  }

  /**
   * @param item the loop item's label, null without a loop
   * @param loopSummary true for the one result summing up a loop's items
   */
  public void report(
      Task task,
      PlayContext play,
      HostRun host,
      boolean handler,
      boolean check,
      TaskResult r,
      String item,
      boolean loopSummary) {
    boolean noLog = Boolean.TRUE.equals(task.keywords().noLog());
    ctx.listener()
        .hostResult(
            TaskOutcome.builder(
                    host.name(),
                    play.play().displayName(),
                    task.displayName(),
                    task.location().toString(),
                    r.status())
                .message(noLog && r.message() != null ? CENSORED : r.message())
                .item(noLog ? null : item)
                .loop(loopSummary)
                .ignored(ignored(task, r))
                .handler(handler)
                .checkMode(check)
                .diffs(noLog ? List.of() : r.diffs())
                .restarts(r.restarts())
                .result(noLog ? Map.of("censored", CENSORED) : r.result())
                .paths(r.paths())
                .build());
  }

  /**
   * True when the task failed and {@code ignore_errors} lets the host go on, or the host was
   * unreachable and {@code ignore_unreachable} lets it go on.
   */
  public static boolean ignored(Task task, TaskResult r) {
    return r.status() == Status.FAILED && Boolean.TRUE.equals(task.keywords().ignoreErrors())
        || r.status() == Status.UNREACHABLE
            && Boolean.TRUE.equals(task.keywords().ignoreUnreachable());
  }
}
