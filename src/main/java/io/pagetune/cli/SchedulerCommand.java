package io.pagetune.cli;

import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.restart.Restarts;
import io.pagetune.schedule.queue.RestartScheduler;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pagetune scheduler}: the restart daemon. Several may run on different nodes against one
 * PostgreSQL state store; each restart runs exactly once, inside its window.
 */
@Command(
    name = "scheduler",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Run queued restarts when their change windows open (a long-running daemon).",
    footer = {
      "",
      "Examples:",
      "  pagetune scheduler -i inventory/prod.ini --state jdbc:postgresql://db/pagetune",
      "  (stop it with SIGTERM; a restart in progress finishes first)"
    })
public final class SchedulerCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

  @Option(
      names = "--node",
      paramLabel = "NAME",
      description = "This node's name (default: host and pid).")
  String node;

  @Option(
      names = "--poll",
      paramLabel = "SECONDS",
      defaultValue = "10",
      description = "How often to look for due restarts (default: ${DEFAULT-VALUE}).")
  long pollSeconds;

  @Mixin RestartOptions restart = new RestartOptions();

  public SchedulerCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws InterruptedException {
    Clock clock = restart.clock(environment);
    Inventory inv = new InventoryLoader(Path.of("")).load(inventory.path);
    Restarts restarts =
        restart.restarts(
            environment,
            restart.store(environment, clock),
            inv,
            inventory.path,
            restart.connections(environment),
            clock);
    String name = node != null ? node : Restarts.nodeName("scheduler");
    RestartScheduler scheduler = restarts.scheduler(name, Duration.ofSeconds(pollSeconds));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  scheduler.stop();
                  stopped.countDown();
                }));
    scheduler.start();
    environment.err().println("pagetune scheduler " + name + " on " + restarts.store().describe());
    stopped.await();
    return 0;
  }
}
