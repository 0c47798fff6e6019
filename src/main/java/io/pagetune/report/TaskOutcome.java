package io.pagetune.report;

import java.util.List;
import java.util.Map;

/**
 * One task's result on one host, or one loop item's ({@code item} set). A looping task reports each
 * item, then one summary outcome with {@code loop} true: summaries are what the recap counts.
 * {@code ignored}: failed but {@code ignore_errors}; {@code rescued}: the failure was handled by a
 * rescue section; {@code diffs} are unified diffs, {@code restarts} the restarts the change needs;
 * {@code result} is what {@code register} stores, already stripped for {@code no_log}; {@code
 * paths} are the files and directories the task changed (in check mode: would change).
 */
public record TaskOutcome(
    String host,
    String play,
    String task,
    String location,
    Status status,
    String message,
    String item,
    boolean loop,
    boolean ignored,
    boolean handler,
    boolean checkMode,
    List<String> diffs,
    List<String> restarts,
    Map<String, Object> result,
    List<String> paths) {

  public TaskOutcome {
    diffs = List.copyOf(diffs);
    restarts = List.copyOf(restarts);
    paths = paths == null ? List.of() : List.copyOf(paths);
    result =
        result == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(result));
  }

  /** An outcome that names no changed paths. */
  public TaskOutcome(
      String host,
      String play,
      String task,
      String location,
      Status status,
      String message,
      String item,
      boolean loop,
      boolean ignored,
      boolean handler,
      boolean checkMode,
      List<String> diffs,
      List<String> restarts,
      Map<String, Object> result) {
    this(
        host, play, task, location, status, message, item, loop, ignored, handler, checkMode, diffs,
        restarts, result, List.of());
  }
}
