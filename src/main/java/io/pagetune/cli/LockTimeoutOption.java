package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --lock-timeout}: how long a run that changes hosts waits for a host another run (or a
 * restart) holds. The leases live in the state store, so they hold across control nodes.
 */
public final class LockTimeoutOption {
  @Option(
      names = "--lock-timeout",
      paramLabel = "SECONDS",
      defaultValue = "0",
      description =
          "Wait up to SECONDS for a host another run or restart holds (default: ${DEFAULT-VALUE},"
              + " fail that host at once with 'locked by run …').")
  long seconds;

  Duration timeout() {
    if (seconds < 0) {
      throw new InputException(
          SourceLocation.of("--lock-timeout"), "--lock-timeout must be 0 or more seconds");
    }
    return Duration.ofSeconds(seconds);
  }
}
