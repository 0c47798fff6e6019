package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.Step;
import java.util.Map;

/**
 * The running kernel's value of one sysctl, read as ansible.posix.sysctl reads it ({@code sysctl -e
 * -n NAME} in the C locale: an unknown name reads as empty, a failing read as none), with the
 * task's environment so a task's {@code PATH} decides which {@code sysctl} answers.
 */
final class LiveSysctlValue implements Fact<LiveSysctlValue.Reading> {
  private final String name;
  private final Map<String, String> environment;

  /** The value (whitespace normalised), or why it could not be read. */
  record Reading(boolean ok, String value, String error) {
    /** Compared word by word, as the module does: the kernel separates words with tabs. */
    boolean sameWordsAs(String wanted) {
      return ok && value.equals(words(wanted));
    }
  }

  LiveSysctlValue(String name, Map<String, String> environment) {
    this.name = name;
    this.environment = Map.copyOf(environment);
  }

  static RemoteCommand command(String name) {
    return RemoteCommand.argv("sysctl", "-e", "-n", name).withEnv(SysctlCommands.C_LOCALE);
  }

  /** The words of a value, joined by one space. */
  static String words(String value) {
    return String.join(" ", PythonText.words(value));
  }

  /**
   * Reads {@code name} back after the apply set it: the kernel may hold less than written (fewer
   * huge pages than asked when memory is fragmented), which is persisted but not effective and
   * fails the task. The live value joins the result as {@code live_value}.
   *
   * @param ignoreErrors an unreadable value does not fail the task
   */
  static Step.ReadBack readBack(String name, String value, boolean ignoreErrors) {
    String wanted = words(value);
    return Step.ReadBack.of(
        "read back " + name,
        (result, host) -> {
          // without -e: an unknown name fails here rather than reading as empty
          CommandResult back =
              host.query(RemoteCommand.argv("sysctl", "-n", name).withEnv(SysctlCommands.C_LOCALE));
          if (!back.ok()) {
            return ignoreErrors
                ? result
                : result.withFailure(
                    name + ": cannot read back the live value: " + back.stderr().strip());
          }
          String live = words(back.stdout());
          ApplyResult withLive = result.withData(Map.of("live_value", live));
          return live.equals(wanted)
              ? withLive
              : withLive.withFailure(name + ": wrote " + wanted + ", kernel reports " + live);
        });
  }

  @Override
  public String name() {
    // the environment is part of the question: another PATH may find another sysctl
    return "sysctl_live:" + name + (environment.isEmpty() ? "" : "@" + environment.hashCode());
  }

  @Override
  public String script() {
    return ShellQuote.render(command(name).withEnv(environment));
  }

  @Override
  public Reading parse(CommandResult result) {
    if (!result.ok()) {
      String why = result.stderr().isBlank() ? "exit code " + result.exitCode() : result.stderr();
      return new Reading(false, "", why.strip());
    }
    return new Reading(true, words(result.stdout()), "");
  }
}
