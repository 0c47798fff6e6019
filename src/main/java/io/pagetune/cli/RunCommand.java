package io.pagetune.cli;

import io.pagetune.app.PlanSaving;
import io.pagetune.app.RunAssembly;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.report.ConsoleReporter;
import io.pagetune.report.JsonEventReporter;
import io.pagetune.report.PlainProgress;
import io.pagetune.report.RunListener;
import io.pagetune.report.TtyProgress;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pagetune run PLAYBOOK -i INVENTORY [options]}. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Run a playbook against an inventory (like ansible-playbook).",
    footer = {
      "",
      "Examples:",
      "  pagetune run playbooks/site.yml -i inventory/lab.yml --check --diff",
      "  pagetune run playbooks/oracle-hugepages.yml -i prod.ini --limit 'oracle_db:!db07' -e sga_gb=64",
      "  pagetune run site.yml -i hosts.yml --tags sysctl --output json > events.jsonl",
      "  pagetune run site.yml -i hosts.yml --lock-timeout 300   # wait for hosts another run holds",
      "",
      "Exit codes: 0 success, 1 internal error, 2 a host failed, 3 a host was unreachable,",
      "4 invalid input, 5 changes pending (only with --check --detailed-exitcode)",
      "6 environment fault (state database unreachable or corrupt, disk full, out of memory)."
    })
public final class RunCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @Parameters(index = "0", paramLabel = "PLAYBOOK", description = "The playbook file.")
  Path playbook;

  @picocli.CommandLine.Mixin InventorySourcesOption inventories = new InventorySourcesOption();

  @picocli.CommandLine.Mixin AnsibleOptions ansible = new AnsibleOptions();

  @picocli.CommandLine.Mixin VaultOptions vaultOptions = new VaultOptions();

  @Option(
      names = {"-C", "--check"},
      description = "Report what would change; change nothing.")
  boolean check;

  @Option(
      names = {"-D", "--diff"},
      description = "Show a unified diff of every file a task changes.")
  boolean diff;

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @Option(
      names = {"-t", "--tags"},
      split = ",",
      paramLabel = "TAG",
      description = "Only tasks with these tags.")
  List<String> tags = new ArrayList<>();

  @Option(
      names = "--skip-tags",
      split = ",",
      paramLabel = "TAG",
      description = "Skip tasks with these tags.")
  List<String> skipTags = new ArrayList<>();

  @picocli.CommandLine.Mixin ExtraVarsOption extraVars = new ExtraVarsOption();

  @picocli.CommandLine.Mixin ForksOption forks = new ForksOption();

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  @Option(
      names = "--force-handlers",
      description = "Run notified handlers even on hosts that failed.")
  boolean forceHandlers;

  @Option(
      names = "--detailed-exitcode",
      description = "With --check: exit 5 when changes are pending, 0 when nothing would change.")
  boolean detailedExitCode;

  @picocli.CommandLine.Mixin CommandTimeoutOption commandTimeout = new CommandTimeoutOption();

  @picocli.CommandLine.Mixin StacktraceOption stacktrace = new StacktraceOption();

  @picocli.CommandLine.Mixin SshOptions ssh = new SshOptions();

  @picocli.CommandLine.Mixin StateOptions stateOptions = new StateOptions();

  @picocli.CommandLine.Mixin NowOption now = new NowOption();

  @picocli.CommandLine.Mixin LockTimeoutOption lockTimeout = new LockTimeoutOption();

  @picocli.CommandLine.Mixin ConnectionBudgetOption connectionBudget = new ConnectionBudgetOption();

  @picocli.CommandLine.Mixin ReportOptions reports = new ReportOptions();

  @picocli.CommandLine.Mixin WindowsOption windows = new WindowsOption();

  @Option(
      names = "--save-plan",
      paramLabel = "PLAN",
      description =
          "With --check: save what would change as a plan file that 'pagetune apply PLAN' runs"
              + " exactly (see 'pagetune show PLAN').")
  Path savePlan;

  @Option(
      names = "--progress",
      paramLabel = "MODE",
      defaultValue = "auto",
      description = "auto (a status line on a terminal, plain lines otherwise), tty, plain, none.")
  ProgressMode progress;

  public RunCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    AnsibleConfig config = AnsibleConfig.forProcess(environment.env());
    io.pagetune.vault.Vault vault = vaultOptions.vault(environment, config);
    // what the run reads is recorded, so that a saved plan binds exactly those files
    YamlReader yaml = new YamlReader(Path.of(""), io.pagetune.yaml.ReadFiles.recording(), vault);
    EngineCommand engine = new EngineCommand(environment, ansible, config);
    int parallel = forks.forks(config);
    lockTimeout.timeout();
    io.pagetune.executor.ConnectionBudget budget = connectionBudget.budget();
    checkSavePlan();
    reports.check();
    RunOptions options = options(vault, parallel);
    java.time.Clock clock = now.clock(environment);
    // a saved plan's modules stamp their audit comments with one instant, the plan's, so that
    // apply can render the very same bytes
    java.time.Instant planTime = clock.instant();
    RunAssembly assembly =
        new RunAssembly(
            environment.wiring(),
            clock,
            savePlan == null ? clock : java.time.Clock.fixed(planTime, java.time.ZoneOffset.UTC));
    // everything the user wrote is parsed and validated before any host is contacted
    List<String> sources = engine.inventorySources(inventories, ansible.syntaxCheck);
    Inventory inv =
        new InventoryLoader(yaml, environment.inventorySources())
            .loadSources(sources, ansible.hostDefaults(config));
    SshArgsCheck.validate(inv);
    Playbook book =
        ansible.start(
            new PlaybookLoader(
                    assembly.modules(), yaml, new io.pagetune.playbook.RolePath(config.rolesPath()))
                .load(playbook));
    book = config.strategy().map(book::withDefaultStrategy).orElse(book);
    engine.printConfigWarnings();
    if (ansible.verbosity() >= 1) {
      io.pagetune.inventory.UnreadSettingNotes.of(inv.hosts())
          .forEach(n -> environment.err().println("[NOTE]: " + n));
    }
    if (ansible.syntaxCheck) {
      // the template files a run would refuse are refused here too
      io.pagetune.executor.run.Preflight.check(book, playbook);
      environment.out().println();
      environment.out().println("playbook: " + book.file());
      return 0;
    }
    RunAssembly.Loaded run =
        new RunAssembly.Loaded(playbook, book, inv, ansible.firstFile(sources), windows.file, yaml);
    assembly.checkRestartSettings(run);
    if (engine.listed(run, options)) {
      return 0;
    }
    List<RunListener> listeners = listeners(clock, inv);
    EngineCommand.Started started =
        engine.start(
            ssh,
            stateOptions,
            listeners.get(0),
            clock,
            assembly,
            run,
            check,
            lockTimeout.timeout());
    Optional<StateStore> store = started.store();
    store.ifPresent(reports::benefits);
    RunServices services = started.services();
    PlanSaving planSaving = savePlan == null ? null : new PlanSaving(savePlan, vault::holdsSecret);
    if (planSaving != null) {
      services = services.withPlans(planSaving.recorder());
    }
    RunResult result =
        assembly.run(run, options, services, started.connections(), listeners, budget);
    reports.write(vault::mask);
    if (planSaving != null) {
      finishPlan(planSaving, result, run, sources, options, planTime, store);
    }
    return engine.exitCode(result);
  }

  private void checkSavePlan() {
    if (savePlan != null && !check) {
      throw new io.pagetune.error.InputException(
          io.pagetune.error.SourceLocation.of("--save-plan"),
          "--save-plan needs --check: a plan is made without changing anything");
    }
    if (savePlan != null && stateOptions.location(environment).equals("none")) {
      throw new io.pagetune.error.InputException(
          io.pagetune.error.SourceLocation.of("--save-plan"),
          "a plan is signed with the state store's key: --save-plan needs a state store, not"
              + " --state none");
    }
  }

  private RunOptions options(io.pagetune.vault.Vault vault, int forks) {
    Map<String, Object> givenVars = extraVars.parse(environment, vault);
    return RunOptions.defaults()
        .withCheck(check)
        .withDiff(diff)
        .withLimit(limit.pattern)
        .withTags(new LinkedHashSet<>(tags), new LinkedHashSet<>(skipTags))
        .withExtraVars(givenVars)
        .withForks(forks)
        .withForceHandlers(forceHandlers)
        .withDetailedExitCode(detailedExitCode)
        .withCommandTimeout(commandTimeout.timeout())
        .withVerbosity(ansible.verbosity());
  }

  /** The reporter first (it writes the recap), then progress, verbose results and report files. */
  private List<RunListener> listeners(java.time.Clock clock, Inventory inv) {
    RunListener listener =
        output.json()
            ? new JsonEventReporter(environment.out(), clock)
            : new ConsoleReporter(environment.out(), environment.colorTerminal(), diff);
    List<RunListener> listeners = new ArrayList<>();
    ProgressMode mode = progress.resolve(environment.colorTerminal() || environment.terminal());
    if (mode == ProgressMode.TTY) {
      listener = new TtyProgress(listener, environment.err(), environment.clock());
    } else if (mode == ProgressMode.PLAIN) {
      listeners.add(new PlainProgress(environment.err(), environment.clock()));
    }
    listeners.add(0, listener);
    listeners.addAll(reports.listeners(environment.clock(), inv));
    if (ansible.verbosity() >= 1 && !output.json()) {
      listeners.add(1, new io.pagetune.report.VerboseResults(environment.out()));
      // printed after the recap, which the first listener writes
      listeners.add(new io.pagetune.report.TaskTimes(environment.out(), environment.clock()));
    }
    return listeners;
  }

  private void finishPlan(
      PlanSaving planSaving,
      RunResult result,
      RunAssembly.Loaded run,
      List<String> sources,
      RunOptions options,
      java.time.Instant planTime,
      Optional<StateStore> store) {
    planSaving
        .finish(
            result,
            playbook,
            run.yaml().reads(),
            sources,
            windows.file,
            List.copyOf(run.inventory().dynamicAnswers().values()),
            options,
            planTime,
            environment.wiring().user(),
            store,
            output.json() ? environment.err() : environment.out(),
            environment.err())
        .ifPresent(
            plan ->
                PlanChangeRequests.attach(
                    plan,
                    run.inventory(),
                    run.inventoryFile(),
                    windows.file,
                    environment,
                    environment.err()));
  }
}
