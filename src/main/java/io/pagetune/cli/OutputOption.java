package io.pagetune.cli;

import picocli.CommandLine.Option;

/**
 * {@code --output text|json}. A command that says more about its JSON has its own help text under
 * {@code pagetune.<command>.output} in {@code OptionTexts.properties}.
 */
public final class OutputOption {
  @Option(
      names = "--output",
      paramLabel = "FORMAT",
      defaultValue = "text",
      descriptionKey = "output",
      description = "text (default) or json.")
  OutputFormat format;

  boolean json() {
    return format == OutputFormat.JSON;
  }
}
