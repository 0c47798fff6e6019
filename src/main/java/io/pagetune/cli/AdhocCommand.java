package io.pagetune.cli;

import io.pagetune.app.RunAssembly;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.playbook.AdhocPlay;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.report.AdhocReporter;
import io.pagetune.report.RunListener;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pagetune adhoc PATTERN -m MODULE -a ARGS}: one module on the matched hosts, as Ansible's
 * {@code ansible} runs it. The module runs as the one task of a play through the same engine as
 * {@code run}, so check mode, become, the journal, secret masking and host key checking behave as
 * they do for a playbook.
 */
@Command(
    name = "adhoc",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Run one module on the hosts a pattern matches (like ansible).",
    footer = {
      "",
      "Examples:",
      "  pagetune adhoc all -i inventory/lab.yml -m ping",
      "  pagetune adhoc oracle_db -i prod.ini -m shell -a 'grep Huge /proc/meminfo' -o",
      "  pagetune adhoc web -i hosts.yml -b -m sysctl -a 'name=vm.nr_hugepages value=512' --check",
      "",
      "Exit codes: 0 success, 1 internal error, 2 a host failed, 3 a host was unreachable,",
      "4 invalid input, 6 environment fault (state database unreachable or corrupt, disk full)."
    })
public final class AdhocCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @Parameters(
      index = "0",
      paramLabel = "PATTERN",
      description = "Hosts or groups (all, web:!web3).")
  String pattern;

  @Option(
      names = {"-m", "--module-name"},
      paramLabel = "MODULE",
      defaultValue = "command",
      description = "The module to run (default: ${DEFAULT-VALUE}); see 'pagetune doc --list'.")
  String module;

  @Option(
      names = {"-a", "--args"},
      paramLabel = "ARGS",
      defaultValue = "",
      description =
          "The module's arguments as key=value pairs; for shell and command the command line"
              + " (with chdir=, creates=, removes= words taken as arguments).")
  String args;

  @Option(
      names = {"-C", "--check"},
      description = "Report what would change; change nothing.")
  boolean check;

  @Option(
      names = {"-D", "--diff"},
      description = "Keep the diffs of changed files in the result.")
  boolean diff;

  @Option(
      names = {"-o", "--one-line"},
      description = "One line per host.")
  boolean oneLine;

  @picocli.CommandLine.Mixin InventorySourcesOption inventories = new InventorySourcesOption();

  @picocli.CommandLine.Mixin AnsibleOptions ansible = new AnsibleOptions();

  @picocli.CommandLine.Mixin VaultOptions vaultOptions = new VaultOptions();

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @picocli.CommandLine.Mixin ExtraVarsOption extraVars = new ExtraVarsOption();

  @picocli.CommandLine.Mixin ForksOption forks = new ForksOption();

  @picocli.CommandLine.Mixin CommandTimeoutOption commandTimeout = new CommandTimeoutOption();

  @picocli.CommandLine.Mixin StacktraceOption stacktrace = new StacktraceOption();

  @picocli.CommandLine.Mixin SshOptions ssh = new SshOptions();

  @picocli.CommandLine.Mixin StateOptions stateOptions = new StateOptions();

  @picocli.CommandLine.Mixin LockTimeoutOption lockTimeout = new LockTimeoutOption();

  @picocli.CommandLine.Mixin ConnectionBudgetOption connectionBudget = new ConnectionBudgetOption();

  public AdhocCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    AnsibleConfig config = AnsibleConfig.forProcess(environment.env());
    EngineCommand engine = new EngineCommand(environment, ansible, config);
    io.pagetune.vault.Vault vault = vaultOptions.vault(environment, config);
    YamlReader yaml = new YamlReader(Path.of(""), io.pagetune.yaml.ReadFiles.recording(), vault);
    Duration leaseWait = lockTimeout.timeout();
    io.pagetune.executor.ConnectionBudget budget = connectionBudget.budget();
    RunOptions options =
        RunOptions.defaults()
            .withCheck(check)
            .withDiff(diff)
            .withLimit(limit.pattern)
            .withExtraVars(extraVars.parse(environment, vault))
            .withForks(forks.forks(config))
            .withCommandTimeout(commandTimeout.timeout())
            .withVerbosity(ansible.verbosity());
    Clock clock = environment.clock();
    RunAssembly assembly = new RunAssembly(environment.wiring(), clock, clock);
    // everything the user wrote is parsed and validated before any host is contacted
    List<String> sources = engine.inventorySources(inventories, false);
    Inventory inv = new InventoryLoader(yaml).loadSources(sources, ansible.hostDefaults(config));
    SshArgsCheck.validate(inv);
    PlaybookLoader loader =
        new PlaybookLoader(
            assembly.modules(), yaml, new io.pagetune.playbook.RolePath(config.rolesPath()));
    Playbook book =
        loader.adhoc(
            AdhocPlay.yaml(assembly.modules(), pattern, module, args),
            Path.of("").toAbsolutePath());
    engine.printConfigWarnings();
    RunAssembly.Loaded run =
        new RunAssembly.Loaded(
            Path.of(AdhocPlay.NAME), book, inv, ansible.firstFile(sources), null, yaml);
    if (engine.listed(run, options)) {
      return 0;
    }
    String moduleName = assembly.modules().find(module).orElseThrow().name();
    RunListener reporter =
        new AdhocReporter(environment.out(), environment.err(), moduleName, oneLine);
    EngineCommand.Started started =
        engine.start(ssh, stateOptions, reporter, clock, assembly, run, check, leaseWait);
    RunResult result =
        assembly.run(
            run, options, started.services(), started.connections(), List.of(reporter), budget);
    return engine.exitCode(result);
  }
}
