package io.pagetune.app;

import io.pagetune.connection.Connections;
import io.pagetune.executor.ConnectionBudget;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.executor.run.Engine;
import io.pagetune.inventory.Inventory;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.playbook.Playbook;
import io.pagetune.report.Listeners;
import io.pagetune.report.RunListener;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One run of a playbook as {@code run} and {@code apply} both make it: the modules, the restart
 * settings checked against the windows before any host is contacted, the ports the run writes
 * through, and the engine that runs it.
 */
public final class RunAssembly {
  private final Wiring wiring;
  private final Clock clock;
  private final ModuleRegistry modules;

  /**
   * @param clock the run's clock (it follows {@code --now}): windows, journal and backups
   * @param moduleClock what the modules stamp their audit comments with: a saved plan's time, so
   *     that apply renders the very bytes the plan holds
   */
  public RunAssembly(Wiring wiring, Clock clock, Clock moduleClock) {
    this.wiring = wiring;
    this.clock = clock;
    this.modules = wiring.modules(moduleClock);
  }

  public ModuleRegistry modules() {
    return modules;
  }

  /** What a run reads: the playbook and the inventory, with the files they were loaded from. */
  public record Loaded(
      Path playbookFile,
      Playbook playbook,
      Inventory inventory,
      Path inventoryFile,
      Path windowsFile,
      YamlReader yaml) {}

  /**
   * Every host's restart settings checked against the change windows and the registered restart
   * kinds, with or without a state store to queue into.
   */
  public void checkRestartSettings(Loaded run) {
    wiring.windows(run.yaml(), run.inventory(), run.inventoryFile(), run.windowsFile());
  }

  /**
   * What the run writes through: with a state store the queue, the journal, the hosts' leases
   * (unless it only checks) and the page facts; without one, restarts are only reported.
   */
  public RunServices services(
      Loaded run,
      Optional<StateStore> store,
      Connections connections,
      boolean check,
      Duration lockTimeout) {
    if (store.isEmpty()) {
      return RunServices.NONE;
    }
    return wiring.runServices(
        wiring.restarts(
            store.get(),
            run.inventory(),
            run.inventoryFile(),
            run.windowsFile(),
            connections,
            clock),
        clock,
        check,
        lockTimeout,
        true);
  }

  /** Runs the playbook over the hosts {@code options} select, telling {@code listeners}. */
  public RunResult run(
      Loaded run,
      RunOptions options,
      RunServices services,
      Connections connections,
      List<RunListener> listeners,
      ConnectionBudget budget) {
    Engine engine =
        new Engine(
                modules, connections, wiring.factSets(), new Listeners(listeners), clock, services)
            .withConnectionBudget(budget)
            .withRestartKinds(wiring.restartKinds());
    return engine.run(run.playbookFile(), run.playbook(), run.inventory(), options, run.yaml());
  }
}
