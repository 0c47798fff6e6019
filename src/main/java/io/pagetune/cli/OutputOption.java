package io.pagetune.cli;

import picocli.CommandLine.Option;

/** {@code --output text|json} of the commands that print a listing. */
public final class OutputOption {
  @Option(
      names = "--output",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default) or json.")
  OutputFormat format;

  boolean json() {
    return format == OutputFormat.JSON;
  }
}
