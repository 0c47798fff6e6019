package io.pagetune.report.junit;

import io.pagetune.report.Status;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** One testcase: one task on one host. */
public record JUnitCase(
    String host,
    String play,
    String task,
    String location,
    Status status,
    boolean ignored,
    boolean checkMode,
    String message,
    List<String> diffs,
    List<String> restarts,
    Duration time) {
  public JUnitCase {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(task, "task");
    Objects.requireNonNull(status, "status");
    play = Objects.requireNonNullElse(play, "");
    location = Objects.requireNonNullElse(location, "");
    message = Objects.requireNonNullElse(message, "");
    diffs = List.copyOf(diffs);
    restarts = List.copyOf(restarts);
    Objects.requireNonNull(time, "time");
  }

  /** Failed and unreachable (neither ignored) fail the test case, as CI should see them. */
  public boolean failure() {
    return (status == Status.UNREACHABLE || status == Status.FAILED) && !ignored;
  }
}
