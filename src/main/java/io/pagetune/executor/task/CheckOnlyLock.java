package io.pagetune.executor.task;

import io.pagetune.error.InputException;
import io.pagetune.inventory.Host;
import io.pagetune.modules.ArgCoercion;
import io.pagetune.playbook.Task;
import io.pagetune.vars.VarScope;
import io.pagetune.vars.VarSource;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code pagetune_check_only: true} in the inventory (host or group variables) is a lock set by
 * whoever owns the host: no play {@code vars:}, {@code set_fact}, {@code register} or {@code -e}
 * lifts it. A playbook that tries fails on that host with a message naming what tried, and changes
 * are refused on the inventory's word alone.
 */
final class CheckOnlyLock {
  static final String NAME = io.pagetune.vars.EngineVariables.CHECK_ONLY;

  private CheckOnlyLock() {}

  /** True when the inventory marks the host check-only. */
  static boolean locked(Host host) {
    Object v = host.vars().resolve().get(NAME);
    return v != null
        && ArgCoercion.toBool(
            v,
            () ->
                new InputException(
                    host.location(),
                    host.name() + ": " + NAME + " must be a boolean, got '" + v + "'"));
  }

  /** Why the task may not run: something above the inventory says the host is not check-only. */
  static Optional<String> liftAttempt(Host host, Supplier<VarScope> taskScope, Task task) {
    if (!locked(host)) {
      return Optional.empty();
    }
    if (task != null && NAME.equals(task.register())) {
      return Optional.of(refusal(host, "register: " + NAME + " on this task"));
    }
    VarScope scope = taskScope.get(); // only for locked hosts: most hosts never build it
    Object value = scope.resolve().get(NAME);
    if (isTrue(value)) {
      return Optional.empty();
    }
    return Optional.of(
        refusal(host, describe(scope.sourceOf(NAME)) + " sets it to '" + value + "'"));
  }

  /** Why a set_fact result may not be stored: it would lift the lock for the following tasks. */
  static Optional<String> liftBySetFact(Host host, Map<?, ?> facts) {
    if (!facts.containsKey(NAME) || isTrue(facts.get(NAME)) || !locked(host)) {
      return Optional.empty();
    }
    return Optional.of(refusal(host, "set_fact sets it to '" + facts.get(NAME) + "'"));
  }

  private static boolean isTrue(Object v) {
    return v != null && ArgCoercion.isBool(v) && ArgCoercion.toBool(v, IllegalStateException::new);
  }

  private static String refusal(Host host, String who) {
    return host.name()
        + ": "
        + NAME
        + " is true in the inventory and a playbook cannot lift it; "
        + who;
  }

  private static String describe(VarSource source) {
    if (source == null) {
      return "a variable";
    }
    return switch (source) {
      case HOST_FACTS -> "a gathered fact";
      case PLAY_VARS -> "the play's vars:";
      case PLAY_VARS_FILES -> "the play's vars_files";
      case BLOCK_VARS -> "a block's vars:";
      case TASK_VARS -> "the task's vars:";
      case INCLUDE_VARS -> "an earlier include_vars";
      case SET_FACTS_AND_REGISTERED -> "an earlier set_fact or register";
      case EXTRA_VARS -> "-e (extra vars)";
      default -> "the inventory";
    };
  }
}
