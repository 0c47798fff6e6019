package io.pagetune.cli;

import java.time.Clock;

/** The {@code pagetune} entry point. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    int code = new Cli(Clock.systemUTC(), System.out, System.err, System.getenv()).execute(args);
    System.exit(code);
  }
}
