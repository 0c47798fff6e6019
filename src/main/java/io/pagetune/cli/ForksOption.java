package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.RunOptions;
import picocli.CommandLine.Option;

/** {@code -f/--forks N}: how many hosts run in parallel, ansible.cfg's forks when not given. */
public final class ForksOption {
  @Option(
      names = {"-f", "--forks"},
      paramLabel = "N",
      description =
          "Hosts run in parallel (default: ansible.cfg's forks, else "
              + RunOptions.DEFAULT_FORKS
              + ").")
  Integer given;

  /** {@code --forks} when given, else ansible.cfg's, else pagetune's default. */
  int forks(AnsibleConfig config) {
    int forks = given != null ? given : config.forks().orElse(RunOptions.DEFAULT_FORKS);
    if (forks < 1) {
      throw new InputException(SourceLocation.of("--forks"), "--forks must be at least 1");
    }
    return forks;
  }
}
