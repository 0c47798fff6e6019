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

  /** An outcome of {@code task} on {@code host}; the rest defaults to nothing said. */
  public static Builder builder(
      String host, String play, String task, String location, Status status) {
    return new Builder(host, play, task, location, status);
  }

  /** Builds an outcome: no message, item, diffs, restarts, result or paths unless set. */
  public static final class Builder {
    private final String host;
    private final String play;
    private final String task;
    private final String location;
    private final Status status;
    private String message;
    private String item;
    private boolean loop;
    private boolean ignored;
    private boolean handler;
    private boolean checkMode;
    private List<String> diffs = List.of();
    private List<String> restarts = List.of();
    private Map<String, Object> result = Map.of();
    private List<String> paths = List.of();

    private Builder(String host, String play, String task, String location, Status status) {
      this.host = host;
      this.play = play;
      this.task = task;
      this.location = location;
      this.status = status;
    }

    public Builder message(String message) {
      this.message = message;
      return this;
    }

    public Builder item(String item) {
      this.item = item;
      return this;
    }

    public Builder loop(boolean loop) {
      this.loop = loop;
      return this;
    }

    public Builder ignored(boolean ignored) {
      this.ignored = ignored;
      return this;
    }

    public Builder handler(boolean handler) {
      this.handler = handler;
      return this;
    }

    public Builder checkMode(boolean checkMode) {
      this.checkMode = checkMode;
      return this;
    }

    public Builder diffs(List<String> diffs) {
      this.diffs = diffs;
      return this;
    }

    public Builder restarts(List<String> restarts) {
      this.restarts = restarts;
      return this;
    }

    public Builder result(Map<String, Object> result) {
      this.result = result;
      return this;
    }

    public Builder paths(List<String> paths) {
      this.paths = paths;
      return this;
    }

    public TaskOutcome build() {
      return new TaskOutcome(
          host, play, task, location, status, message, item, loop, ignored, handler, checkMode,
          diffs, restarts, result, paths);
    }
  }
}
