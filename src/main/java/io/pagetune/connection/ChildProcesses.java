package io.pagetune.connection;

import java.util.List;

/**
 * Every process pagetune starts on the control node (local-connection commands, sudo, stand-ins,
 * stty) starts here, without pagetune's own secret environment variables: a {@code shell: env} on
 * the local connection, or a tool it runs, must never see the passwords pagetune was given.
 */
public final class ChildProcesses {
  /**
   * pagetune's secret variables. {@code PAGETUNE_STATE} is among them because a PostgreSQL URL in
   * it may carry a password.
   */
  public static final List<String> SECRET_VARIABLES =
      List.of(
          "PAGETUNE_SSH_PASSWORD",
          "PAGETUNE_SSH_KEY_PASSPHRASE",
          "PAGETUNE_BECOME_PASSWORD",
          "PAGETUNE_SNOW_PASSWORD",
          "PAGETUNE_STATE_PASSWORD",
          "PAGETUNE_SAPCONTROL_PASSWORD",
          "PAGETUNE_STATE");

  private ChildProcesses() {}

  /** A process builder for {@code argv} whose environment lacks pagetune's secrets. */
  public static ProcessBuilder builder(List<String> argv) {
    ProcessBuilder pb = new ProcessBuilder(argv);
    pb.environment().keySet().removeAll(SECRET_VARIABLES);
    return pb;
  }
}
