package io.pagetune.cli;

import io.pagetune.connection.Connections;
import io.pagetune.inventory.Inventory;
import io.pagetune.restart.Restarts;
import io.pagetune.state.StateStore;
import java.nio.file.Path;
import java.time.Clock;
import picocli.CommandLine.Mixin;

/**
 * What every command that runs or queues restarts takes: the windows file, the state store, the
 * clock override and SSH, and how they become one {@link Restarts}.
 */
public final class RestartOptions {
  @picocli.CommandLine.Mixin WindowsOption windows = new WindowsOption();

  @Mixin StateOptions state = new StateOptions();

  @Mixin NowOption now = new NowOption();

  @Mixin SshOptions ssh = new SshOptions();

  Clock clock(CliEnvironment env) {
    return now.clock(env);
  }

  Connections connections(CliEnvironment env) {
    return ssh.connections(env);
  }

  /** The store must exist for these commands; {@code --state none} is an input error. */
  StateStore store(CliEnvironment env, Clock clock) {
    return ScheduleCommand.store(state, env, clock);
  }

  Restarts restarts(
      CliEnvironment env,
      StateStore store,
      Inventory inventory,
      Path inventoryPath,
      Connections connections,
      Clock clock) {
    return env.wiring().restarts(store, inventory, inventoryPath, windows.file, connections, clock);
  }
}
