package io.pagetune.testing;

import io.pagetune.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

/** Runs the CLI in-process and captures its exit code, stdout and stderr. */
public record CliRun(int exitCode, String out, String err) {
  public static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);

  public static CliRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = new Cli(CLOCK, o, e, Map.of("NO_COLOR", "1")).execute(args);
    }
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "exit=" + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
