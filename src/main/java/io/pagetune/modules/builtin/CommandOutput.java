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
   * failed, with ansible.builtin.command's {@code msg}: empty when it ran, "non-zero return code"
   * when it exited non-zero. pagetune's own message (the command and its stderr) stays the task's
   * message on the console; content that tests {@code result.msg} sees Ansible's value.
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
          return withData.withData(Map.of("msg", message(last, result.failure())));
        });
  }

  private static String message(CommandResult last, java.util.Optional<String> failure) {
    if (last.timedOut()) {
      // Ansible's command has no timeout of its own: pagetune's message says what happened
      return failure.orElse("");
    }
    return last.exitCode() == 0 ? "" : "non-zero return code";
  }

  static Map<String, Object> of(Object cmd, CommandResult result) {
    return of(cmd, result.exitCode(), result.stdout(), result.stderr());
  }

  /** The data of a run that was skipped because of creates/removes. */
  static Map<String, Object> skipped(Object cmd, RunConditions.Skip skip) {
    Map<String, Object> data = of(cmd, 0, "skipped, since " + skip.reason(), "");
    data.put("msg", skip.message());
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
