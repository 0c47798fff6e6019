package io.pagetune.cli;

import java.io.PrintStream;
import java.time.Clock;
import java.util.Map;

/**
 * What commands get from the process: clock, output streams, environment variables, and whether
 * {@code out} prints on the process's own stdout ({@code attached}).
 */
public record CliEnvironment(
    Clock clock, PrintStream out, PrintStream err, Map<String, String> env, boolean attached) {
  public CliEnvironment {
    env = Map.copyOf(env);
  }

  /** The composition root over this process's environment and real clock. */
  public io.pagetune.app.Wiring wiring() {
    return new io.pagetune.app.Wiring(env, clock);
  }

  /**
   * How dynamic inventories run here: this environment's ServiceNow credentials, this clock for
   * cache ages, warnings on stderr.
   */
  public io.pagetune.inventory.dynamic.DynamicSources inventorySources() {
    return io.pagetune.inventory.dynamic.DynamicSources.of(env, clock, err);
  }

  /** From now on these values are shown as *** in everything printed on out and err. */
  public void hide(java.util.Collection<String> secrets) {
    io.pagetune.report.TerminalStream.hide(out, secrets);
    io.pagetune.report.TerminalStream.hide(err, secrets);
  }

  /** True when the process talks to a terminal (not in tests, pipes or CI logs). */
  public boolean terminal() {
    return System.console() != null && attached;
  }

  /** Colour only on a terminal, and never when NO_COLOR is set or TERM is dumb. */
  public boolean colorTerminal() {
    return System.console() != null
        && attached
        && !env.containsKey("NO_COLOR")
        && !"dumb".equals(env.get("TERM"));
  }
}
