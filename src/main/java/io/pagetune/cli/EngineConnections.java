package io.pagetune.cli;

import io.pagetune.connection.Connections;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import io.pagetune.report.RunListener;
import java.util.List;

/**
 * What the commands that run tasks ({@code run}, {@code adhoc}) share before the engine starts: the
 * connections (SSH from the options over ansible.cfg, local become with the same password) and the
 * number of forks.
 */
final class EngineConnections {
  private EngineConnections() {}

  static Connections open(
      CliEnvironment environment,
      AnsibleOptions ansible,
      SshOptions ssh,
      AnsibleConfig config,
      RunListener listener) {
    SshSettings sshSettings = ansible.apply(ssh.settings(environment, config), config);
    if (sshSettings.hostKeyChecking() == HostKeyChecking.OFF) {
      listener.warning(
          "host key checking is off ("
              + ssh.hostKeyCheckingSource(config)
              + "): hosts are not authenticated");
    }
    return environment
        .wiring()
        .connections(
            List.of(
                new io.pagetune.connection.ssh.SshConnectionFactory(
                    sshSettings, ansible.loginPassword(environment)),
                // local become uses the same become password as SSH
                io.pagetune.connection.LocalConnection.factory(sshSettings.becomePassword())),
            ansible.tracing(environment.err()));
  }

  /** {@code --forks} when given, else ansible.cfg's, else pagetune's default. */
  static int forks(Integer given, AnsibleConfig config) {
    int forks =
        given != null
            ? given
            : config.forks().orElse(io.pagetune.executor.RunOptions.DEFAULT_FORKS);
    if (forks < 1) {
      throw new io.pagetune.error.InputException(
          io.pagetune.error.SourceLocation.of("--forks"), "--forks must be at least 1");
    }
    return forks;
  }
}
