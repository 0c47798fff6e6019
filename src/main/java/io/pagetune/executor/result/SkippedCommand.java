package io.pagetune.executor.result;

import io.pagetune.report.Status;
import java.util.List;
import java.util.Map;

/**
 * A command or shell task that check mode does not run. It registers what Ansible's command module
 * returns then ({@code skipped}, {@code rc} 0, empty output, {@code changed} false), so later
 * {@code when} conditions and templates that read {@code r.stdout} or {@code r.rc} still work.
 */
public final class SkippedCommand {
  private SkippedCommand() {}

  /**
   * @param result the plan's data, completed here
   * @param wouldRun what the apply would run
   */
  public static TaskResult result(Map<String, Object> result, String wouldRun) {
    result.put("changed", false);
    result.put("skipped", true);
    result.put("rc", 0);
    result.put("stdout", "");
    result.put("stderr", "");
    result.put("stdout_lines", List.of());
    result.put("stderr_lines", List.of());
    result.put("msg", "skipped in check mode: would run " + wouldRun);
    return new TaskResult(Status.SKIPPED, "would run: " + wouldRun, result, List.of(), List.of());
  }
}
