package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code command} and {@code shell} return for {@code register}, with Ansible's keys: rc,
 * stdout, stderr, their lines, and cmd. Trailing newlines are stripped as Ansible does.
 */
final class CommandOutput {
  private CommandOutput() {}

  static Map<String, Object> of(Object cmd, CommandResult result) {
    return of(cmd, result.exitCode(), result.stdout(), result.stderr());
  }

  /** The data of a run that was skipped because of creates/removes. */
  static Map<String, Object> skipped(Object cmd, String reason) {
    Map<String, Object> data = of(cmd, 0, "skipped, since " + reason, "");
    data.put("msg", "Did not run command since " + reason);
    return data;
  }

  private static Map<String, Object> of(Object cmd, int rc, String stdout, String stderr) {
    String out = stripTrailingNewlines(stdout);
    String err = stripTrailingNewlines(stderr);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("cmd", cmd);
    data.put("rc", rc);
    data.put("stdout", out);
    data.put("stderr", err);
    data.put("stdout_lines", lines(out));
    data.put("stderr_lines", lines(err));
    return data;
  }

  private static String stripTrailingNewlines(String s) {
    int end = s.length();
    while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
      end--;
    }
    return s.substring(0, end);
  }

  private static List<String> lines(String s) {
    return s.isEmpty() ? List.of() : List.of(s.split("\r?\n", -1));
  }
}
