package io.pagetune.app;

import io.pagetune.connection.ConnectionFactory;
import io.pagetune.connection.Connections;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.lab.LabConnection;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.executor.FactsRecorder;
import io.pagetune.executor.HostLeaser;
import io.pagetune.executor.RunServices;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.FactSet;
import io.pagetune.inventory.Inventory;
import io.pagetune.linux.HugePageConsumerSource;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.linux.JvmLargePagesSource;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.modules.builtin.BuiltinModules;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageState;
import io.pagetune.restart.RestartConfigCheck;
import io.pagetune.restart.RestartKinds;
import io.pagetune.restart.Restarts;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.state.HostLeases;
import io.pagetune.state.StateStore;
import io.pagetune.targets.Target;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.postgres.PostgresTarget;
import io.pagetune.targets.sap.SapTarget;
import io.pagetune.targets.solaris.SolarisTarget;
import io.pagetune.yaml.YamlReader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The composition root: the explicit list of what a command uses (page-size targets, modules,
 * connection types, gathered fact sets) and which implementation of each of the executor's ports a
 * run writes through. Targets are registered here and nowhere else; every implementation is chosen
 * in {@link #runServices}.
 */
public final class Wiring {
  private final Map<String, String> env;
  private final Clock realClock;

  /**
   * @param env the process's environment variables (the user, ServiceNow, restart drivers)
   * @param realClock the real clock, for host leases: they are about processes running now, so they
   *     never follow {@code --now}
   */
  public Wiring(Map<String, String> env, Clock realClock) {
    this.env = Map.copyOf(env);
    this.realClock = realClock;
  }

  /** The wiring of what needs no process environment: targets, modules and facts. */
  public Wiring() {
    this(Map.of(), Clock.systemUTC());
  }

  /** Every page-size target, each a slice of its own. */
  public List<Target> targets() {
    return List.of(new SapTarget(), new SolarisTarget(), new OracleTarget(), new PostgresTarget());
  }

  /** The restart kinds of this command, named and scoped as their targets declare them. */
  public RestartCatalog restartKinds() {
    return RestartKinds.catalog(targets());
  }

  /** The built-in modules, then each target's. */
  public List<Module> moduleList(Clock clock) {
    List<Target> targets = targets();
    List<Module> all =
        new ArrayList<>(
            BuiltinModules.all(
                RestartKinds.catalog(targets),
                targets.stream().map(Target::pageVerifier).toList(),
                factSets()));
    List<HugePageConsumerSource> sources =
        new ArrayList<>(targets.stream().flatMap(t -> t.hugePageConsumers().stream()).toList());
    // a consumer kind that is no target: one source, registered here
    sources.add(new JvmLargePagesSource());
    HugePageConsumers pool = new HugePageConsumers(sources);
    for (Target t : targets) {
      all.addAll(t.modules(clock, pool));
    }
    return List.copyOf(all);
  }

  public ModuleRegistry modules(Clock clock) {
    return new ModuleRegistry(moduleList(clock));
  }

  /** Local, lab and the {@code extra} connections, each wrapped (for tracing at {@code -vv}). */
  public Connections connections(
      List<ConnectionFactory> extra, UnaryOperator<ConnectionFactory> wrap) {
    List<ConnectionFactory> all = new ArrayList<>();
    all.add(LocalConnection.factory());
    all.add(LabConnection.factory());
    all.addAll(extra);
    return new Connections(all.stream().map(wrap).toList());
  }

  /** Local, lab and SSH connections; local become uses the same become password as SSH. */
  public Connections connections(SshSettings settings) {
    return connections(
        List.of(
            new SshConnectionFactory(settings), LocalConnection.factory(settings.becomePassword())),
        f -> f);
  }

  /** Where the change windows are when no file is named: windows.yml beside the inventory. */
  public static Path defaultWindowsFile(Path inventory) {
    Path abs = inventory.toAbsolutePath().normalize();
    Path dir = abs.toFile().isDirectory() ? abs : abs.getParent();
    return dir.resolve("windows.yml");
  }

  /**
   * The change windows: windows.yml beside the inventory unless a file is named. Every host's
   * restart settings are checked against them and the registered restart kinds here, before any
   * host is contacted: every command that runs or queues restarts loads its windows through this.
   */
  public WindowsFile windows(YamlReader yaml, Inventory inventory, Path inventoryPath, Path named) {
    Path file = named != null ? named : defaultWindowsFile(inventoryPath);
    WindowsFile windows =
        Files.isRegularFile(file) ? WindowsFile.load(yaml, file) : new WindowsFile(Map.of());
    new RestartConfigCheck(windows, RestartKinds.names(targets())).check(inventory.hosts());
    return windows;
  }

  /** Restart queue, windows, drivers and journal over one state store. */
  public Restarts restarts(
      StateStore store,
      Inventory inventory,
      Path inventoryPath,
      Path windowsFile,
      Connections connections,
      Clock clock) {
    WindowsFile windows =
        windows(new YamlReader(Path.of("")), inventory, inventoryPath, windowsFile);
    return new Restarts(
        store,
        inventory,
        windows,
        connections,
        clock,
        env,
        targets(),
        new HostLeases(store, realClock),
        holder());
  }

  /**
   * What a run writes through the executor's ports, and the one place that chooses their
   * implementations: restart intents into the queue ({@link QueueRestartSink}), every file change
   * into the journal ({@link JournalRecorder}), host leases ({@link StoreHostLeaser}) unless the
   * run only checks, and (when {@code keepFacts}) each host's page states ({@link StoredFacts}).
   *
   * @param clock the run's clock (it follows {@code --now})
   * @param lockTimeout how long the run waits for a host another run holds
   */
  public RunServices runServices(
      Restarts restarts, Clock clock, boolean check, Duration lockTimeout, boolean keepFacts) {
    RunServices services = queueAndJournal(restarts, clock);
    if (!check) {
      services = services.withLeases(leaser(restarts.store(), lockTimeout));
    }
    return keepFacts ? services.withFacts(storedFacts(restarts.store(), clock)) : services;
  }

  private RunServices queueAndJournal(Restarts restarts, Clock clock) {
    return new RunServices(
        new QueueRestartSink(
            restarts.queue(),
            restarts.windows(),
            clock,
            restarts.drivers(),
            () -> restarts.runDue("pagetune-run").stream().map(restarts::ran).toList()),
        new JournalRecorder(restarts.store().journal(), clock, user(), restarts.queue().kinds()));
  }

  private HostLeaser leaser(StateStore store, Duration lockTimeout) {
    return new StoreHostLeaser(new HostLeases(store, realClock), holder(), lockTimeout);
  }

  private FactsRecorder storedFacts(StateStore store, Clock clock) {
    return new StoredFacts(store, clock, this);
  }

  /**
   * Settles the writes that dead runs left unconfirmed on the inventory's hosts (reading the hosts,
   * as the next run would), queueing the restarts of those found applied.
   *
   * @return what it queued, and the writes it could not settle
   */
  public List<String> settleUnconfirmedWrites(
      Restarts restarts, Inventory inventory, Connections connections, Clock clock) {
    return new UnconfirmedWrites(
            restarts.store().journal(),
            inventory,
            connections,
            new HostLeases(restarts.store(), realClock),
            holder())
        .settle(queueAndJournal(restarts, clock));
  }

  /** Who runs pagetune, for the journal. */
  public String user() {
    return env.getOrDefault("USER", System.getProperty("user.name"));
  }

  /** Who holds a host lease: user@node, what another run is told. */
  public String holder() {
    String node;
    try {
      node = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      node = "localhost";
    }
    return user() + "@" + node;
  }

  public List<FactSet> factSets() {
    return List.of(
        new BaseFacts(),
        new io.pagetune.facts.CollectorFacts(),
        new io.pagetune.facts.VirtualFacts(),
        pageFacts());
  }

  /** The page facts: the shared platform facts, then each target's section. */
  public PageFacts pageFacts() {
    return new PageFacts(targets().stream().map(Target::pageFacts).toList());
  }

  /** Every target's page states from one host's raw fact values, as status shows them. */
  public List<PageState> factStates(Map<String, Object> values) {
    Map<String, Object> summary = pageFacts().summary(values);
    List<PageState> out = new ArrayList<>();
    for (Target t : targets()) {
      out.addAll(t.factStates(summary));
    }
    return out;
  }
}
