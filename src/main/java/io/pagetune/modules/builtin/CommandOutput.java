package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.Step;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code command} and {@code shell} return for {@code register}, with Ansible's keys: rc,
 * stdout, stderr, their lines, and cmd. Trailing newlines are stripped as Ansible does.
 */
final class CommandOutput {
  private CommandOutput() {}

  /**
   * What a command changed is unknown to pagetune, so it is never journaled and rollback cannot
   * undo it: every result of a command that ran says so.
   */
  static final Map<String, Object> NOT_JOURNALED =
      Map.of(
          "journaled",
          false,
          "journal_note",
          "a command's changes cannot be journaled: pagetune rollback cannot undo them");

  /**
   * Registers what the command before it printed (rc, stdout, stderr), whether it succeeded or
   * failed; a failure's message becomes {@code msg}.
   */
  static Step.ReadBack readBack(Object cmd) {
    return new Step.ReadBack(
        "register the command's output",
        true,
        (result, host) -> {
          if (result.commands().isEmpty()) {
            return result;
          }
          CommandResult last = result.commands().get(result.commands().size() - 1);
          ApplyResult withData = result.withData(of(cmd, last)).withData(NOT_JOURNALED);
          return result.failure().map(f -> withData.withData(Map.of("msg", f))).orElse(withData);
        });
  }

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
