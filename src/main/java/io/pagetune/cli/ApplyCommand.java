package io.pagetune.cli;

import io.pagetune.app.DriftedHosts;
import io.pagetune.app.PlanHosts;
import io.pagetune.app.RunAssembly;
import io.pagetune.connection.Connections;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
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
import io.pagetune.report.RunListener;
import io.pagetune.state.PlanKeys;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
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

  @picocli.CommandLine.Mixin InventorySourcesOption inventories = new InventorySourcesOption();

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @Option(
      names = "--max-plan-age",
      paramLabel = "DURATION",
      defaultValue = "7d",
      description = "Refuse a plan older than this (default: ${DEFAULT-VALUE}).")
  String maxPlanAge;

  @picocli.CommandLine.Mixin ExtraVarsOption extraVars = new ExtraVarsOption();

  @Option(
      names = {"-D", "--diff"},
      description = "Show a unified diff of every file a task changes.")
  boolean diff;

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  @picocli.CommandLine.Mixin WindowsOption windows = new WindowsOption();

  @Option(
      names = {"-f", "--forks"},
      paramLabel = "N",
      defaultValue = "" + RunOptions.DEFAULT_FORKS,
      description = "Hosts run in parallel (default: ${DEFAULT-VALUE}).")
  int forks;

  @Mixin CommandTimeoutOption commandTimeout = new CommandTimeoutOption();

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
    List<String> sources =
        inventories.sources.isEmpty() ? plan.source().inventories() : inventories.sources;
    Path playbook = Path.of(plan.source().playbook());
    checkSources(plan, sources, playbook, at);
    lockTimeout.timeout();
    RunOptions options = options(plan, yaml);
    // the modules stamp what they write with the plan's time (their audit comments), so that the
    // apply renders byte for byte what the board approved; windows, journal and backups keep the
    // real clock
    RunAssembly assembly =
        new RunAssembly(environment.wiring(), clock, Clock.fixed(plan.created(), ZoneOffset.UTC));
    Inventory inv = new InventoryLoader(yaml, environment.inventorySources()).loadSources(sources);
    checkInventory(plan, sources, inv, at);
    Path inventory = sources.isEmpty() ? null : Path.of(sources.get(0));
    Playbook book = new PlaybookLoader(assembly.modules(), yaml).load(playbook);
    RunAssembly.Loaded run =
        new RunAssembly.Loaded(playbook, book, inv, inventory, windows.file, yaml);
    assembly.checkRestartSettings(run);
    List<String> notApproved =
        PlanChangeRequests.refusals(plan, inv, inventory, windows.file, environment);
    if (!notApproved.isEmpty()) {
      throw new InputException(
          at, "refused by the change request: " + String.join("; ", notApproved));
    }
    Set<String> hosts = PlanHosts.select(inv, plan, limit.pattern);
    Connections connections = ssh.connections(environment);
    Set<String> refused = new DriftedHosts(messages()).refuse(plan, inv, hosts, connections);
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
              assembly,
              run,
              plan,
              options.withLimit(String.join(":", applying)),
              reportListeners,
              connections,
              clock,
              store);
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

  /** The playbook, its files and the inventory must be the ones the plan was made from. */
  private void checkSources(
      SavedPlan plan, List<String> sources, Path playbook, SourceLocation at) {
    List<String> changed = SourceDigest.changed(plan.source().files(), playbook);
    if (!changed.isEmpty()) {
      throw new InputException(at, String.join("; ", changed) + ": make a new plan");
    }
  }

  /**
   * The inventory must be the plan's: the same files and, for a script or the CMDB, the same answer
   * (so it is checked once the inventory is loaded, before any host is contacted).
   */
  private void checkInventory(
      SavedPlan plan, List<String> sources, Inventory inv, SourceLocation at) {
    String inventoryDigest =
        SourceDigest.inventory(sources, windows.file, List.copyOf(inv.dynamicAnswers().values()));
    if (!inventoryDigest.equals(plan.source().inventoryDigest())) {
      throw new InputException(
          at,
          "the inventory "
              + String.join(", ", sources)
              + " is not the one the plan was made from (or changed since"
              + (inv.dynamicAnswers().isEmpty() ? "" : ", or its source answers otherwise")
              + "): make a new plan");
    }
  }

  /** The plan's run options; only the secrets it keeps as hashes come from {@code -e}. */
  private RunOptions options(SavedPlan plan, YamlReader yaml) {
    Map<String, Object> givenVars =
        SecretVars.restored(
            plan.source().extraVars(),
            ExtraVars.parse(extraVars.values, yaml),
            yaml.vault()::holdsSecret);
    environment.hide(ExtraVarSecrets.values(givenVars));
    return RunOptions.defaults()
        .withCheck(false)
        .withDiff(diff)
        .withTags(
            new LinkedHashSet<>(plan.source().tags()),
            new LinkedHashSet<>(plan.source().skipTags()))
        .withExtraVars(givenVars)
        .withForks(forks)
        .withCommandTimeout(commandTimeout.timeout());
  }

  /** Where refusals are told: stdout, unless it carries JSON events. */
  private java.io.PrintStream messages() {
    return output.json() ? environment.err() : environment.out();
  }

  /** Runs the plan on the hosts that did not drift, every write and restart held to the plan. */
  private int run(
      RunAssembly assembly,
      RunAssembly.Loaded run,
      SavedPlan plan,
      RunOptions options,
      List<RunListener> reportListeners,
      Connections connections,
      Clock clock,
      Optional<StateStore> store) {
    RunListener listener =
        output.json()
            ? new JsonEventReporter(environment.out(), clock)
            : new ConsoleReporter(environment.out(), environment.colorTerminal(), diff);
    RunServices services = assembly.services(run, store, connections, false, lockTimeout.timeout());
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
    RunResult result =
        assembly.run(run, options, services, connections, listeners, connectionBudget.budget());
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
