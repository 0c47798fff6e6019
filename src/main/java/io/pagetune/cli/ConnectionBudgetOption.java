package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.ConnectionBudget;
import picocli.CommandLine.Option;

/**
 * {@code --connection-budget}: how many hosts may hold an open connection at once. Read as text so
 * that every bad value (a word, 0, a negative number) gets the same one-line input error.
 */
public final class ConnectionBudgetOption {
  @Option(
      names = "--connection-budget",
      paramLabel = "N",
      description =
          "Hosts whose connections may be open at once (default from the JVM's heap: "
              + ConnectionBudget.FORMULA
              + "). A play on more hosts runs host by host, each host's connection closed when it"
              + " is done with the play, unless serial, run_once, any_errors_fatal,"
              + " max_fail_percentage or hostvars need its hosts in step.")
  String value;

  ConnectionBudget budget() {
    if (value == null) {
      return ConnectionBudget.forThisJvm();
    }
    int n;
    try {
      n = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1) {
      throw new InputException(
          SourceLocation.of("--connection-budget"),
          "--connection-budget must be a whole number of hosts, at least 1 (got '" + value + "')");
    }
    return new ConnectionBudget(n);
  }
}
