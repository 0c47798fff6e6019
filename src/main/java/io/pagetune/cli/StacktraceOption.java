package io.pagetune.cli;

import picocli.CommandLine.Option;

/**
 * {@code --stacktrace}: an error prints its stack trace too. {@link Cli} reads it from the parse
 * result, before any command runs.
 */
public final class StacktraceOption {
  @Option(names = "--stacktrace", description = "Print stack traces of errors.")
  boolean stacktrace;
}
