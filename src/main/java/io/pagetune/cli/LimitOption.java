package io.pagetune.cli;

import picocli.CommandLine.Option;

/**
 * {@code -l/--limit PATTERN}: only the hosts a pattern selects. A command that says it otherwise
 * has its own help text under {@code pagetune.<command>.limit} in {@code OptionTexts.properties}.
 */
public final class LimitOption {
  @Option(
      names = {"-l", "--limit"},
      paramLabel = "PATTERN",
      descriptionKey = "limit",
      description = "Only hosts matching this pattern.")
  String pattern;
}
