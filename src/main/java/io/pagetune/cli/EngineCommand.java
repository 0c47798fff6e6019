package io.pagetune.cli;

import io.pagetune.app.RunAssembly;
import io.pagetune.connection.Connections;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.executor.run.PlaybookListing;
import io.pagetune.report.RunListener;
import io.pagetune.state.StateStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the commands that run tasks ({@code run}, {@code adhoc}) share around the engine: the
 * inventory sources, the listings, the connections (SSH from the options over ansible.cfg, local
 * become with the same password), the state store and run services, and how a run ends.
 */
final class EngineCommand {
  private final CliEnvironment environment;
  private final AnsibleOptions ansible;
  private final AnsibleConfig config;

  EngineCommand(CliEnvironment environment, AnsibleOptions ansible, AnsibleConfig config) {
    this.environment = environment;
    this.ansible = ansible;
    this.config = config;
  }

  /** The connections, the state store and the services one run uses. */
  record Started(Connections connections, Optional<StateStore> store, RunServices services) {}

  /** {@code -i} when given, else ansible.cfg's; none is an error unless {@code optional}. */
  List<String> inventorySources(InventorySourcesOption inventories, boolean optional) {
    List<String> sources =
        inventories.sources.isEmpty() ? config.inventories() : inventories.sources;
    if (sources.isEmpty() && !optional) {
      throw new InputException(
          SourceLocation.of("-i"),
          "no inventory: give -i INVENTORY, or set inventory in ansible.cfg or ANSIBLE_INVENTORY");
    }
    return sources;
  }

  void printConfigWarnings() {
    config.warnings().forEach(w -> environment.err().println("[WARNING]: " + w));
  }

  /** Prints what {@code --list-hosts}, {@code --list-tasks} or {@code --list-tags} ask for. */
  boolean listed(RunAssembly.Loaded run, RunOptions options) {
    if (!ansible.listing()) {
      return false;
    }
    new PlaybookListing(run.playbook(), run.inventory(), options)
        .print(environment.out(), ansible.listHosts, ansible.listTasks, ansible.listTags);
    return true;
  }

  /** Opens the connections and the state store and makes the run's services. */
  Started start(
      SshOptions ssh,
      StateOptions stateOptions,
      RunListener reporter,
      Clock clock,
      RunAssembly assembly,
      RunAssembly.Loaded run,
      boolean check,
      Duration leaseWait) {
    Connections connections = connections(ssh, reporter);
    Optional<StateStore> store = stateOptions.open(environment, clock);
    RunServices services = assembly.services(run, store, connections, check, leaseWait);
    return new Started(connections, store, services);
  }

  /** The exit code; input errors that only showed while running (undefined variables) on stderr. */
  int exitCode(RunResult result) {
    for (String error : result.summary().inputErrors()) {
      environment.err().println(error);
    }
    return result.exit().code();
  }

  private Connections connections(SshOptions ssh, RunListener listener) {
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
}
