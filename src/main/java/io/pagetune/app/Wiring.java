package io.pagetune.app;

import io.pagetune.connection.ConnectionFactory;
import io.pagetune.connection.Connections;
import io.pagetune.connection.LocalConnection;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.FactSet;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.modules.builtin.BuiltinModules;
import io.pagetune.restart.RestartKinds;
import io.pagetune.targets.Target;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.postgres.PostgresTarget;
import io.pagetune.targets.sap.SapTarget;
import io.pagetune.targets.solaris.SolarisTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * The composition root: the explicit list of what a run uses (page-size targets, modules,
 * connection types, gathered fact sets). Targets are registered here and nowhere else.
 */
public final class Wiring {
  private Wiring() {}

  /** Every page-size target, each a slice of its own. */
  public static List<Target> targets() {
    return List.of(new SapTarget(), new SolarisTarget(), new OracleTarget(), new PostgresTarget());
  }

  /** The built-in modules, then each target's. */
  public static List<Module> moduleList(java.time.Clock clock) {
    List<Target> targets = targets();
    List<Module> all =
        new ArrayList<>(
            BuiltinModules.all(
                RestartKinds.names(targets), targets.stream().map(Target::pageVerifier).toList()));
    List<io.pagetune.linux.HugePageConsumerSource> sources =
        new ArrayList<>(targets.stream().flatMap(t -> t.hugePageConsumers().stream()).toList());
    // a consumer kind that is no target: one source, registered here
    sources.add(new io.pagetune.linux.JvmLargePagesSource());
    io.pagetune.linux.HugePageConsumers pool = new io.pagetune.linux.HugePageConsumers(sources);
    for (Target t : targets) {
      all.addAll(t.modules(clock, pool));
    }
    return List.copyOf(all);
  }

  public static ModuleRegistry modules(java.time.Clock clock) {
    return new ModuleRegistry(moduleList(clock));
  }

  public static Connections connections(List<ConnectionFactory> extra) {
    return connections(extra, f -> f);
  }

  /** The same factories, each wrapped (for tracing at {@code -vv}). */
  public static Connections connections(
      List<ConnectionFactory> extra, java.util.function.UnaryOperator<ConnectionFactory> wrap) {
    List<ConnectionFactory> all = new ArrayList<>();
    all.add(LocalConnection.factory());
    all.add(io.pagetune.connection.lab.LabConnection.factory());
    all.addAll(extra);
    return new Connections(all.stream().map(wrap).toList());
  }

  /**
   * The change windows: windows.yml beside the inventory unless a file is named. Every host's
   * restart settings are checked against them and the registered restart kinds here, before any
   * host is contacted: every command that runs or queues restarts loads its windows through this.
   */
  public static io.pagetune.schedule.window.WindowsFile windows(
      io.pagetune.yaml.YamlReader yaml,
      io.pagetune.inventory.Inventory inventory,
      java.nio.file.Path inventoryPath,
      java.nio.file.Path override) {
    java.nio.file.Path file =
        override != null
            ? override
            : io.pagetune.cli.WindowsCommand.defaultWindowsFile(inventoryPath);
    io.pagetune.schedule.window.WindowsFile windows =
        java.nio.file.Files.isRegularFile(file)
            ? io.pagetune.schedule.window.WindowsFile.load(yaml, file)
            : new io.pagetune.schedule.window.WindowsFile(java.util.Map.of());
    new io.pagetune.restart.RestartConfigCheck(windows, RestartKinds.names(targets()))
        .check(inventory.hosts());
    return windows;
  }

  /** Local, lab and SSH connections; local become uses the same become password as SSH. */
  public static Connections connections(io.pagetune.connection.ssh.SshSettings settings) {
    return connections(
        List.of(
            new io.pagetune.connection.ssh.SshConnectionFactory(settings),
            LocalConnection.factory(settings.becomePassword())));
  }

  /** Restart queue, windows, drivers and journal over one state store. */
  public static io.pagetune.restart.Restarts restarts(
      io.pagetune.state.StateStore store,
      io.pagetune.inventory.Inventory inventory,
      java.nio.file.Path inventoryPath,
      java.nio.file.Path windowsFile,
      Connections connections,
      java.time.Clock clock,
      io.pagetune.cli.CliEnvironment env) {
    io.pagetune.schedule.window.WindowsFile windows =
        windows(
            new io.pagetune.yaml.YamlReader(java.nio.file.Path.of("")),
            inventory,
            inventoryPath,
            windowsFile);
    // leases run on the real clock (not --now): they are about processes running now
    return new io.pagetune.restart.Restarts(
        store,
        inventory,
        windows,
        connections,
        clock,
        env.env(),
        targets(),
        new io.pagetune.state.HostLeases(store, env.clock()),
        holder(env));
  }

  /** Who runs pagetune, for the journal. */
  public static String user(io.pagetune.cli.CliEnvironment env) {
    return env.env().getOrDefault("USER", System.getProperty("user.name"));
  }

  /** Who holds a host lease: user@node, what another run is told. */
  public static String holder(io.pagetune.cli.CliEnvironment env) {
    String node;
    try {
      node = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      node = "localhost";
    }
    return user(env) + "@" + node;
  }

  public static List<FactSet> factSets() {
    return List.of(new BaseFacts(), pageFacts());
  }

  /** The page facts: the shared platform facts, then each target's section. */
  public static io.pagetune.pages.PageFacts pageFacts() {
    return new io.pagetune.pages.PageFacts(targets().stream().map(Target::pageFacts).toList());
  }

  /** What a run writes: restart intents and its change journal. */
  public static io.pagetune.executor.RunServices runServices(
      io.pagetune.restart.Restarts restarts, java.time.Clock clock, String user) {
    return new io.pagetune.executor.RunServices(
        new QueueRestartSink(
            restarts.queue(),
            restarts.windows(),
            clock,
            restarts.drivers(),
            () -> restarts.runDue("pagetune-run").stream().map(restarts::ran).toList()),
        new JournalRecorder(restarts.store().journal(), clock, user));
  }

  /**
   * Settles the writes that dead runs left unconfirmed on the inventory's hosts (reading the hosts,
   * as the next run would), queueing the restarts of those found applied.
   *
   * @return what it queued, and the writes it could not settle
   */
  public static List<String> settleUnconfirmedWrites(
      io.pagetune.restart.Restarts restarts,
      io.pagetune.inventory.Inventory inventory,
      Connections connections,
      java.time.Clock clock,
      io.pagetune.cli.CliEnvironment env) {
    return new UnconfirmedWrites(
            restarts.store().journal(),
            inventory,
            connections,
            new io.pagetune.state.HostLeases(restarts.store(), env.clock()),
            holder(env))
        .settle(runServices(restarts, clock, user(env)));
  }
}
