package io.pagetune.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --timeout SECONDS}: the command timeout of tasks that set none. A command that says it
 * otherwise has its own help text under {@code pagetune.<command>.timeout} in {@code
 * OptionTexts.properties}.
 */
public final class CommandTimeoutOption {
  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "3600",
      descriptionKey = "timeout",
      description =
          "Default command timeout for tasks without timeout: (default: ${DEFAULT-VALUE}).")
  long seconds;

  Duration timeout() {
    return Duration.ofSeconds(seconds);
  }
}
