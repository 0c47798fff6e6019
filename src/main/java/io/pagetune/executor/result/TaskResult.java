package io.pagetune.executor.result;

import io.pagetune.report.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The typed result of one invocation of a task (one loop item, or the task without a loop), or of a
 * whole loop. {@link #registered()} is the one place it becomes Ansible's result dictionary.
 *
 * @param result the module's data plus the keys the executor adds (changed, failed, msg, ...)
 * @param diffs unified diffs to show, already filtered by the task's diff setting
 * @param restarts ids of the restart intents the invocation requested
 * @param paths the files and directories it changed (in check mode: would change)
 */
public record TaskResult(
    Status status,
    String message,
    Map<String, Object> result,
    List<String> diffs,
    List<String> restarts,
    List<String> paths) {

  public TaskResult {
    // the result keeps its insertion order (it is what the JSON reporter prints)
    result = result == null ? Map.of() : result;
    diffs = List.copyOf(diffs);
    restarts = List.copyOf(restarts);
    paths = List.copyOf(paths);
  }

  public TaskResult(
      Status status,
      String message,
      Map<String, Object> result,
      List<String> diffs,
      List<String> restarts) {
    this(status, message, result, diffs, restarts, List.of());
  }

  /** The same result, naming the paths it changed. */
  public TaskResult withPaths(List<String> changed) {
    return new TaskResult(status, message, result, diffs, restarts, changed);
  }

  /** A failed invocation with nothing changed. */
  public static TaskResult failed(String message) {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("failed", true);
    result.put("changed", false);
    result.put("msg", message);
    return new TaskResult(Status.FAILED, message, result, List.of(), List.of());
  }

  /** The host could not be reached. */
  public static TaskResult unreachable(String message) {
    return new TaskResult(
        Status.UNREACHABLE,
        message,
        Map.of("unreachable", true, "msg", message),
        List.of(),
        List.of());
  }

  /** Skipped because {@code condition} (a {@code when}) is false. */
  public static TaskResult skippedBy(String condition) {
    return new TaskResult(
        Status.SKIPPED,
        null,
        Map.of(
            "changed",
            false,
            "skipped",
            true,
            "skip_reason",
            "Conditional result was False",
            "false_condition",
            condition),
        List.of(),
        List.of());
  }

  /** The same result with another status, message and result dictionary. */
  public TaskResult with(Status status, String message, Map<String, Object> result) {
    return new TaskResult(status, message, result, diffs, restarts, paths);
  }

  /**
   * Ansible's dictionary for this result, as {@code register} stores it: {@code changed}, {@code
   * failed} and {@code skipped} always present, reporter hints ({@code _ansible_*}) left out.
   */
  public Map<String, Object> registered() {
    Map<String, Object> reg = new LinkedHashMap<>(result);
    reg.putIfAbsent("changed", status == Status.CHANGED);
    reg.putIfAbsent("failed", status == Status.FAILED);
    reg.putIfAbsent("skipped", status == Status.SKIPPED);
    reg.keySet().removeIf(k -> k.startsWith("_ansible_"));
    return reg;
  }

  /** The {@code msg} of a result dictionary, if any. */
  public static String messageOf(Map<String, Object> result) {
    Object msg = result.get("msg");
    return msg == null ? null : String.valueOf(msg);
  }

  /**
   * One result for a whole loop: Ansible's {@code results} list, the worst status, and Ansible's
   * {@code msg} ("All items completed", "All items skipped", "One or more items failed"). The loop
   * changed when any item's result says it changed, a failed item included, as Ansible counts it.
   * The task's message for the console keeps the first failed item's own message.
   */
  public static TaskResult ofLoop(List<TaskResult> items) {
    Status status = Status.SKIPPED;
    boolean anyChanged = false;
    boolean anyOk = false;
    String message = null;
    List<Map<String, Object>> results = new java.util.ArrayList<>();
    List<String> restarts = new java.util.ArrayList<>();
    java.util.Set<String> paths = new java.util.LinkedHashSet<>();
    for (TaskResult r : items) {
      results.add(r.result());
      restarts.addAll(r.restarts());
      paths.addAll(r.paths());
      if (r.status() == Status.UNREACHABLE) {
        return new TaskResult(
            Status.UNREACHABLE,
            r.message(),
            Map.of("results", results),
            List.of(),
            restarts,
            List.copyOf(paths));
      }
      if (r.status() == Status.FAILED) {
        status = Status.FAILED;
        message = message == null ? LOOP_FAILED + ": " + r.message() : message;
      }
      anyChanged |= r.status() == Status.CHANGED || Boolean.TRUE.equals(r.result().get("changed"));
      anyOk |= r.status() == Status.OK || r.status() == Status.CHANGED;
    }
    if (status != Status.FAILED) {
      status = anyChanged ? Status.CHANGED : anyOk ? Status.OK : Status.SKIPPED;
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("results", results);
    result.put("changed", anyChanged);
    result.put("failed", status == Status.FAILED);
    if (status == Status.SKIPPED) {
      result.put("skipped", true);
    }
    if (status == Status.FAILED) {
      result.put("msg", LOOP_FAILED);
    } else if (!items.isEmpty()) {
      result.put("msg", status == Status.SKIPPED ? "All items skipped" : "All items completed");
    }
    return new TaskResult(status, message, result, List.of(), restarts, List.copyOf(paths));
  }

  private static final String LOOP_FAILED = "One or more items failed";
}
