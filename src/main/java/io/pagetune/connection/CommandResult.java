package io.pagetune.connection;

import java.time.Duration;

/** What a command did on a host. {@code timedOut} means it was killed at its timeout. */
public record CommandResult(
    int exitCode, String stdout, String stderr, Duration elapsed, boolean timedOut) {

  public CommandResult {
    stdout = stdout == null ? "" : stdout;
    stderr = stderr == null ? "" : stderr;
    elapsed = elapsed == null ? Duration.ZERO : elapsed;
  }

  public static CommandResult of(int exitCode, String stdout, String stderr) {
    return new CommandResult(exitCode, stdout, stderr, Duration.ZERO, false);
  }

  public boolean ok() {
    return exitCode == 0 && !timedOut;
  }
}
