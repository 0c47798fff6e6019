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

  /** One state store for the in-process runs of this test JVM, never the user's own. */
  public static final java.nio.file.Path STATE = tempState();

  private static java.nio.file.Path tempState() {
    try {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("pagetune-test-state");
      dir.toFile().deleteOnExit();
      return dir.resolve("state.db");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  public static CliRun of(String... args) {
    return withEnv(Map.of(), args);
  }

  /**
   * {@code pagetune run playbook -i inventory --output json --state state} and then {@code more}
   * (such as {@code --check} or {@code --known-hosts file}).
   */
  public static CliRun playbookJson(
      java.nio.file.Path playbook,
      java.nio.file.Path inventory,
      java.nio.file.Path state,
      String... more) {
    java.util.List<String> args =
        new java.util.ArrayList<>(
            java.util.List.of(
                "run",
                playbook.toString(),
                "-i",
                inventory.toString(),
                "--output",
                "json",
                "--state",
                state.toString()));
    args.addAll(java.util.List.of(more));
    return of(args.toArray(String[]::new));
  }

  /** Runs with extra environment variables (PAGETUNE_NOW, a state location, …). */
  public static CliRun withEnv(Map<String, String> extraEnv, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      Map<String, String> env = new java.util.HashMap<>();
      env.put("NO_COLOR", "1");
      env.put("PAGETUNE_STATE", STATE.toString());
      env.putAll(extraEnv);
      code = new Cli(CLOCK, o, e, env).execute(args);
    }
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "exit=" + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
