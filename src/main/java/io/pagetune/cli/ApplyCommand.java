package io.pagetune.cli;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.executor.run.Engine;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.inventory.Limit;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.plan.Drift;
import io.pagetune.plan.DriftCheck;
import io.pagetune.plan.HostPlan;
import io.pagetune.plan.PlanDigest;
import io.pagetune.plan.PlanEvents;
import io.pagetune.plan.PlanGuard;
import io.pagetune.plan.PlanReader;
import io.pagetune.plan.PlanRefusal;
import io.pagetune.plan.PlanSigner;
import io.pagetune.plan.SavedPlan;
import io.pagetune.plan.SecretVars;
import io.pagetune.plan.SourceDigest;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.report.ConsoleReporter;
import io.pagetune.report.JsonEventReporter;
import io.pagetune.report.Listeners;
import io.pagetune.report.RunListener;
import io.pagetune.state.PlanKeys;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pagetune apply PLAN}: runs exactly a saved plan. The plan must be young enough, made from
 * the same playbook and inventory, and (for a ServiceNow window) the one attached to the change in
 * Implement. A host whose files drifted since the plan is refused with the drift as a diff, before
 * anything is written to it; the other hosts are applied, each write held to the plan.
 */
@Command(
    name = "apply",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Apply a plan saved with run --check --save-plan, exactly as it was approved.",
    footer = {
      "",
      "Examples:",
      "  pagetune apply chg0040007.plan",
      "  pagetune apply chg0040007.plan -i inventory/lab.yml --limit pase-nwp",
      "",
      "Exit codes: 0 applied, 2 a host was refused (drift) or failed, 3 a host was unreachable,",
      "4 the plan is refused (too old, other playbook or inventory, not approved), 6 environment."
    })
public final class ApplyCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @Parameters(paramLabel = "PLAN", description = "The plan file.")
  Path planFile;

  @Option(
      names = {"-i", "--inventory"},
      paramLabel = "INVENTORY",
      description =
          "The inventory (default: the plan's); it must be the one the plan was made from.")
  List<String> inventories = new ArrayList<>();

  @Option(
      names = {"-l", "--limit"},
      paramLabel = "PATTERN",
      description = "Only these of the plan's hosts.")
  String limit;

  @Option(
      names = "--max-plan-age",
      paramLabel = "DURATION",
      defaultValue = "7d",
      description = "Refuse a plan older than this (default: ${DEFAULT-VALUE}).")
  String maxPlanAge;

  @Option(
      names = {"-e", "--extra-vars"},
      paramLabel = "VARS",
      description = "Only the secrets the plan keeps as hashes (key=value), checked against them.")
  List<String> extraVars = new ArrayList<>();

  @Option(
      names = {"-D", "--diff"},
      description = "Show a unified diff of every file a task changes.")
  boolean diff;

  @Option(
      names = "--output",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default) or json (one event per line).")
  OutputFormat output;

  @Option(
      names = "--windows",
      paramLabel = "FILE",
      description = "Change windows file (default: windows.yml beside the inventory).")
  Path windowsFile;

  @Option(
      names = {"-f", "--forks"},
      paramLabel = "N",
      defaultValue = "" + RunOptions.DEFAULT_FORKS,
      description = "Hosts run in parallel (default: ${DEFAULT-VALUE}).")
  int forks;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "3600",
      description =
          "Default command timeout for tasks without timeout: (default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Mixin SshOptions ssh = new SshOptions();

  @Mixin VaultOptions vaultOptions = new VaultOptions();

  @Mixin StateOptions stateOptions = new StateOptions();

  @Mixin NowOption now = new NowOption();

  @Mixin LockTimeoutOption lockTimeout = new LockTimeoutOption();

  @Mixin ConnectionBudgetOption connectionBudget = new ConnectionBudgetOption();

  @Mixin ReportOptions reports = new ReportOptions();

  public ApplyCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    Clock clock = now.clock(environment);
    YamlReader yaml = vaultOptions.reader(environment);
    SourceLocation at = SourceLocation.of(planFile.toString());
    reports.check();
    // a bad option is reported before the plan is read
    connectionBudget.budget();
    Optional<StateStore> store = stateOptions.open(environment, clock);
    if (store.isEmpty()) {
      throw new InputException(
          at,
          "a plan is applied only after its signature is checked with the state store's key:"
              + " apply needs the state store the plan was saved with, not --state none");
    }
    SavedPlan plan = PlanReader.read(planFile, new PlanSigner(new PlanKeys(store.get()).key()));
    PlanAge.check(plan, maxPlanAge, clock, at);
    List<String> sources = inventories.isEmpty() ? plan.source().inventories() : inventories;
    Path playbook = Path.of(plan.source().playbook());
    List<String> changed = SourceDigest.changed(plan.source().files(), playbook);
    if (!changed.isEmpty()) {
      throw new InputException(at, String.join("; ", changed) + ": make a new plan");
    }
    String inventoryDigest = SourceDigest.inventory(sources, windowsFile);
    if (!inventoryDigest.equals(plan.source().inventoryDigest())) {
      throw new InputException(
          at,
          "the inventory "
              + String.join(", ", sources)
              + " is not the one the plan was made from (or changed since): make a new plan");
    }
    lockTimeout.timeout();
    Map<String, Object> givenVars =
        SecretVars.restored(
            plan.source().extraVars(), ExtraVars.parse(extraVars, yaml), yaml.vault()::holdsSecret);
    environment.hide(ExtraVarSecrets.values(givenVars));
    RunOptions options =
        RunOptions.defaults()
            .withCheck(false)
            .withDiff(diff)
            .withTags(
                new LinkedHashSet<>(plan.source().tags()),
                new LinkedHashSet<>(plan.source().skipTags()))
            .withExtraVars(givenVars)
            .withForks(forks)
            .withCommandTimeout(Duration.ofSeconds(timeoutSeconds));
    // the modules stamp what they write with the plan's time (their audit comments), so that the
    // apply renders byte for byte what the board approved; windows, journal and backups keep the
    // real clock
    ModuleRegistry modules = Wiring.modules(Clock.fixed(plan.created(), ZoneOffset.UTC));
    Inventory inv = new InventoryLoader(yaml).loadSources(sources);
    Path inventory = sources.isEmpty() ? null : Path.of(sources.get(0));
    Playbook book = new PlaybookLoader(modules, yaml).load(playbook);
    Wiring.windows(yaml, inv, inventory, windowsFile);
    List<String> notApproved =
        PlanChangeRequests.refusals(plan, inv, inventory, windowsFile, environment);
    if (!notApproved.isEmpty()) {
      throw new InputException(
          at, "refused by the change request: " + String.join("; ", notApproved));
    }
    Set<String> hosts = hosts(inv, plan);
    Connections connections = Wiring.connections(ssh, environment);
    Set<String> refused = refuseDrifted(plan, inv, hosts, connections);
    Set<String> applying = new LinkedHashSet<>(hosts);
    applying.removeAll(refused);
    List<RunListener> reportListeners = reports.listeners(environment.clock(), inv);
    for (String host : refused) {
      String why = "refused: drifted since plan " + PlanDigest.shortForm(plan.digest());
      reportListeners.forEach(l -> PlanEvents.refused(plan, host, why, l));
    }
    int exit = 0;
    if (!applying.isEmpty()) {
      exit =
          run(
              reportListeners,
              plan,
              playbook,
              book,
              inv,
              inventory,
              options,
              applying,
              connections,
              modules,
              clock,
              store.get(),
              yaml);
    }
    if (!refused.isEmpty()) {
      messages()
          .println(
              "Refused (drifted since plan "
                  + PlanDigest.shortForm(plan.digest())
                  + "): "
                  + String.join(", ", refused));
    }
    reports.write(yaml.vault()::mask);
    return refused.isEmpty() ? exit : Math.max(exit, 2);
  }

  /** Where refusals are told: stdout, unless it carries JSON events. */
  private java.io.PrintStream messages() {
    return output == OutputFormat.JSON ? environment.err() : environment.out();
  }

  /** The hosts the plan's run covered, narrowed by --limit. */
  private Set<String> hosts(Inventory inv, SavedPlan plan) {
    Set<String> out = new LinkedHashSet<>();
    String pattern = plan.source().limit() != null ? plan.source().limit() : "all";
    Set<String> narrowed = null;
    if (limit != null) {
      narrowed = new LinkedHashSet<>();
      for (Host h : Limit.select(inv, limit)) {
        narrowed.add(h.name());
      }
    }
    Set<String> held = new LinkedHashSet<>();
    Limit.select(inv, pattern).forEach(h -> held.add(h.name()));
    plan.hosts().forEach(h -> held.add(h.host()));
    for (String h : held) {
      if (narrowed == null || narrowed.contains(h)) {
        out.add(h);
      }
    }
    if (narrowed != null && out.isEmpty()) {
      // an apply that silently does nothing would pass for a done change in the window
      throw new InputException(
          Limit.WHERE,
          "'"
              + limit
              + "' names no host the plan holds"
              + (narrowed.isEmpty() ? "" : " (" + String.join(", ", narrowed) + ")")
              + "; the plan's hosts: "
              + String.join(", ", held));
    }
    return out;
  }

  /** Checks every planned file of every host first; a host with any drift is left alone. */
  private Set<String> refuseDrifted(
      SavedPlan plan, Inventory inv, Set<String> hosts, Connections connections) {
    Set<String> refused = new LinkedHashSet<>();
    // one connection per host for all its files, closed once every host is checked
    java.util.Map<String, Connection> open = new java.util.LinkedHashMap<>();
    DriftCheck check =
        new DriftCheck(
            (host, path, user) ->
                open.computeIfAbsent(
                        host,
                        name ->
                            connections.open(
                                ConnectionSpec.fromVars(
                                    name, inv.host(name).orElseThrow().vars().resolve())))
                    .read(path, user.map(Become::as).orElse(Become.NONE)));
    try {
      checkHosts(plan, inv, hosts, check, refused);
    } finally {
      open.values().forEach(Connection::close);
    }
    return refused;
  }

  private void checkHosts(
      SavedPlan plan, Inventory inv, Set<String> hosts, DriftCheck check, Set<String> refused) {
    for (HostPlan h : plan.hosts()) {
      if (!hosts.contains(h.host())) {
        continue;
      }
      if (inv.host(h.host()).isEmpty()) {
        messages().println("refused: [" + h.host() + "]: not in the inventory");
        refused.add(h.host());
        continue;
      }
      List<Drift> drifts;
      try {
        drifts = check.check(h);
      } catch (RuntimeException e) {
        messages().println("refused: [" + h.host() + "]: cannot read its files: " + e.getMessage());
        refused.add(h.host());
        continue;
      }
      for (Drift d : drifts) {
        messages().println("refused: [" + h.host() + "]: " + d.describe());
      }
      if (!drifts.isEmpty()) {
        refused.add(h.host());
      }
    }
  }

  private int run(
      List<RunListener> reportListeners,
      SavedPlan plan,
      Path playbook,
      Playbook book,
      Inventory inv,
      Path inventory,
      RunOptions options,
      Set<String> applying,
      Connections connections,
      ModuleRegistry modules,
      Clock clock,
      StateStore store,
      YamlReader yaml) {
    RunListener listener =
        output == OutputFormat.JSON
            ? new JsonEventReporter(environment.out(), clock)
            : new ConsoleReporter(environment.out(), environment.colorTerminal(), diff);
    RunServices services =
        Wiring.restarts(store, inv, inventory, windowsFile, connections, clock, environment)
            .runServices(Wiring.user(environment))
            .withLeases(lockTimeout.leaser(store, environment))
            .withFacts(new StoredFacts(store, clock));
    PlanGuard guard = new PlanGuard(plan, services.journal());
    services =
        new RunServices(
            guard.restarts(services.restarts()),
            guard,
            services.leases(),
            services.plans(),
            services.facts());
    List<RunListener> listeners = new ArrayList<>(List.of(listener));
    listeners.addAll(reportListeners);
    Engine engine =
        new Engine(
                modules, connections, Wiring.factSets(), new Listeners(listeners), clock, services)
            .withConnectionBudget(connectionBudget.budget());
    RunResult result =
        engine.run(playbook, book, inv, options.withLimit(String.join(":", applying)), yaml);
    for (String error : result.summary().inputErrors()) {
      environment.err().println(error);
    }
    if (!guard.refusals().isEmpty()) {
      Set<String> hosts = new LinkedHashSet<>();
      guard.refusals().stream().map(PlanRefusal::host).forEach(hosts::add);
      guard.unqueuedRestarts().forEach(r -> messages().println(r.getMessage()));
      // first lines only: they name host, task and path, never content (a no_log task's failure
      // line is hidden whole, so this is where its refusal is told)
      guard
          .refusals()
          .forEach(
              r -> messages().println("refused: " + r.getMessage().lines().findFirst().orElse("")));
      messages().println("Refused while applying: " + String.join(", ", hosts));
      return Math.max(result.exit().code(), 2);
    }
    return result.exit().code();
  }
}
