package io.pagetune.executor.task;

import io.pagetune.error.InputException;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.modules.ArgCoercion;
import io.pagetune.modules.CheckSupport;
import io.pagetune.modules.Module;
import io.pagetune.modules.Plan;
import io.pagetune.playbook.Task;
import java.util.Map;
import java.util.Optional;

/**
 * The one place deciding whether a task may write to its host: check mode predicts instead of
 * writing (or skips a module that cannot predict), a host marked {@code pagetune_check_only}
 * refuses changes, and nothing a playbook sets can lift that mark.
 */
final class WriteGuard {
  private final RunContext ctx;

  WriteGuard(RunContext ctx) {
    this.ctx = ctx;
  }

  /** What a task may do with its plan. */
  sealed interface Decision {}

  /** Check mode: report the plan as the prediction, write nothing. */
  record Predict() implements Decision {}

  /** Check mode, and the module cannot tell what its changes would do without making them. */
  record SkipUnchecked() implements Decision {}

  /** The host is check-only: the change is refused with {@code reason}. */
  record Refuse(String reason) implements Decision {}

  /** Apply the plan. */
  record Write() implements Decision {}

  /** The decision for {@code plan} of {@code task} on {@code host}. */
  Decision decide(
      Task task, Module module, Plan plan, HostRun host, Map<String, Object> vars, boolean check) {
    if (check) {
      return module.checkSupport() == CheckSupport.NONE && plan.changes()
          ? new SkipUnchecked()
          : new Predict();
    }
    // reached in apply mode only: also a task with check_mode: false under --check
    if (plan.changes() && checkOnly(task, host, vars)) {
      return new Refuse(
          "refusing to change "
              + host.name()
              + ": it is marked pagetune_check_only (run with --check)");
    }
    return new Write();
  }

  /** Why {@code task} may not run at all: it tries to lift the host's check-only mark. */
  Optional<String> liftAttempt(Task task, PlayContext play, HostRun host) {
    return CheckOnlyLock.liftAttempt(
        host.host(), () -> TaskVars.scope(ctx, play, host, task), task);
  }

  /** Why a planned {@code set_fact} may not be stored: it would lift the check-only mark. */
  Optional<String> liftBySetFact(HostRun host, Plan plan) {
    if (plan.data().get("ansible_facts") instanceof Map<?, ?> newFacts) {
      return CheckOnlyLock.liftBySetFact(host.host(), newFacts);
    }
    return Optional.empty();
  }

  private static boolean checkOnly(Task task, HostRun host, Map<String, Object> vars) {
    return CheckOnlyLock.locked(host.host())
        || ArgCoercion.toBool(
            vars.getOrDefault(CheckOnlyLock.NAME, false),
            () -> new InputException(task.location(), "pagetune_check_only must be a boolean"));
  }
}
