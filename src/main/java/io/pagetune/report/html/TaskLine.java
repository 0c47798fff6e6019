package io.pagetune.report.html;

import java.util.List;
import java.util.Objects;

/** One task's result on one host as the report lists it. */
public record TaskLine(
    String play, String task, String location, String status, String message, List<String> diffs) {
  public TaskLine {
    Objects.requireNonNull(task, "task");
    play = Objects.requireNonNullElse(play, "");
    location = Objects.requireNonNullElse(location, "");
    message = Objects.requireNonNullElse(message, "");
    diffs = List.copyOf(diffs);
  }
}
