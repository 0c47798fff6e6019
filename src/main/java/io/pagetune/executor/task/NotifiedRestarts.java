package io.pagetune.executor.task;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RestartSink;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.modules.Step;
import io.pagetune.playbook.Task;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.template.HostText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Restart intents a task causes: its plan's own {@code RequestRestart} steps, and the {@code
 * request_restart} handlers it notifies. Both are persisted at the moment the change is applied (a
 * later failure cannot lose them); in check mode they are recorded as predicted only.
 */
final class NotifiedRestarts {
  private final RunContext ctx;

  NotifiedRestarts(RunContext ctx) {
    this.ctx = ctx;
  }

  /** Records {@code steps} of {@code task} on {@code host}; returns the intents' ids. */
  List<String> request(
      Task task,
      HostRun host,
      Map<String, Object> vars,
      List<Step.RequestRestart> steps,
      boolean predicted) {
    List<String> ids = new ArrayList<>();
    for (Step.RequestRestart r : steps) {
      ids.add(
          ctx.services()
              .restarts()
              .requested(
                  new RestartSink.Request(
                      ctx.runId(),
                      host.name(),
                      HostText.plainAll(vars),
                      task.displayName(),
                      r,
                      predicted)));
    }
    return ids;
  }

  /**
   * A notified {@code request_restart} handler becomes a restart intent now, when the change is
   * applied, not when the handler runs at the end of the play: a task that fails in between must
   * not lose the restart. The handler itself runs later and is deduplicated against this one.
   */
  void persist(Task task, PlayContext play, HostRun host) {
    for (RestartSink.Request request : of(task, play, host)) {
      ctx.services().restarts().requested(request);
    }
  }

  /** The restart intents of the {@code request_restart} handlers {@code task} notifies. */
  List<RestartSink.Request> of(Task task, PlayContext play, HostRun host) {
    List<RestartSink.Request> requests = new ArrayList<>();
    if (task.notifies().isEmpty()) {
      return requests;
    }
    for (Task handler : play.play().handlers()) {
      boolean notified =
          task.notifies().contains(handler.name())
              || handler.listen().stream().anyMatch(task.notifies()::contains);
      if (!notified || !handler.module().endsWith("request_restart")) {
        continue;
      }
      Map<String, Object> vars = TaskVars.of(ctx, play, host, handler, false);
      Object args =
          ctx.templates().interpolate(handler.args(), vars, handler.moduleLocation(), "handler");
      if (!(args instanceof Map<?, ?> a) || a.get("kind") == null) {
        continue;
      }
      RestartTarget target =
          ctx.restartKinds()
              .target(
                  String.valueOf(a.get("kind")),
                  host.name(),
                  a.get("id") == null ? host.name() : String.valueOf(a.get("id")));
      String reason =
          a.get("reason") == null
              ? "notified by '" + task.displayName() + "'"
              : String.valueOf(a.get("reason"));
      requests.add(
          new RestartSink.Request(
              ctx.runId(),
              host.name(),
              HostText.plainAll(vars),
              task.displayName(),
              new Step.RequestRestart(target, reason),
              false));
    }
    return requests;
  }
}
