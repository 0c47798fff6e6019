package io.pagetune.executor.run;

import io.pagetune.connection.Connections;
import io.pagetune.executor.ConnectionBudget;
import io.pagetune.executor.ExitStatus;
import io.pagetune.executor.InputErrors;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.executor.host.Fanout;
import io.pagetune.executor.host.HostLeaseGate;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.play.PlayRunner;
import io.pagetune.facts.FactSet;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.Limit;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.Playbook;
import io.pagetune.report.HostCounts;
import io.pagetune.report.RunListener;
import io.pagetune.report.RunSummary;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.template.TemplateEngine;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a parsed playbook against an inventory: selects hosts (plays' patterns and {@code --limit},
 * all validated before any host is contacted), runs the plays in order, closes every connection,
 * and returns the recap and exit status.
 */
public final class Engine {
  private final ModuleRegistry modules;
  private final Connections connections;
  private final List<FactSet> factSets;
  private final RunListener listener;
  private final Clock clock;
  private final RunServices services;
  private RestartCatalog restartKinds = RestartCatalog.hostOnly();
  private ConnectionBudget connectionBudget = ConnectionBudget.forThisJvm();
  private io.pagetune.template.TemplateLimits templateLimits =
      io.pagetune.template.TemplateLimits.DEFAULT;

  public Engine(
      ModuleRegistry modules,
      Connections connections,
      List<FactSet> factSets,
      RunListener listener,
      Clock clock) {
    this(modules, connections, factSets, listener, clock, RunServices.NONE);
  }

  public Engine(
      ModuleRegistry modules,
      Connections connections,
      List<FactSet> factSets,
      RunListener listener,
      Clock clock,
      RunServices services) {
    this.services = services;
    this.modules = modules;
    this.connections = connections;
    this.factSets = List.copyOf(factSets);
    this.listener = listener;
    this.clock = clock;
  }

  /**
   * The bounds on each evaluation of the playbook's templates (default {@link
   * io.pagetune.template.TemplateLimits#DEFAULT}).
   */
  public Engine withTemplateLimits(io.pagetune.template.TemplateLimits limits) {
    this.templateLimits = java.util.Objects.requireNonNull(limits);
    return this;
  }

  /**
   * The restart kinds notified {@code request_restart} handlers name, as their targets declare them
   * (default: only a reboot and a service).
   */
  public Engine withRestartKinds(RestartCatalog kinds) {
    this.restartKinds = java.util.Objects.requireNonNull(kinds);
    return this;
  }

  /**
   * How many hosts may hold a connection at once (default {@link ConnectionBudget#forThisJvm()}); a
   * bigger play runs host by host when it can.
   */
  public Engine withConnectionBudget(ConnectionBudget budget) {
    this.connectionBudget = java.util.Objects.requireNonNull(budget);
    return this;
  }

  /** Template roots for a playbook: its templates/, the project's templates/, its own folder. */
  public static List<Path> templateRoots(Path playbookFile) {
    Path dir = playbookFile.toAbsolutePath().normalize().getParent();
    List<Path> roots = new ArrayList<>();
    roots.add(dir.resolve("templates"));
    if (dir.getParent() != null) {
      roots.add(dir.getParent().resolve("templates"));
    }
    roots.add(dir);
    return roots;
  }

  public RunResult run(
      Path playbookFile,
      Playbook playbook,
      Inventory inventory,
      RunOptions options,
      YamlReader yaml) {
    // every host pattern and template name is checked before the first connection
    Preflight.check(playbook, templateRoots(playbookFile));
    Map<Play, List<Host>> targets = targets(playbook, inventory, options.limit());
    NoHostsMatched.check(targets, options.limit());
    List<String> patternWarnings = UnmatchedPatterns.warnings(playbook, inventory, options.limit());
    InputErrors inputErrors = new InputErrors();
    String runId = RunIds.next(clock);
    RunContext ctx =
        new RunContext(
            modules,
            connections,
            new TemplateEngine(
                templateRoots(playbookFile),
                templateLimits,
                yaml.reads(),
                yaml.vault(),
                playbook.languages(),
                System::getenv),
            yaml,
            listener,
            factSets,
            options,
            clock,
            inputErrors,
            services,
            restartKinds,
            runId,
            playbookFile.toAbsolutePath().normalize().getParent());
    listener.runStarted(playbook.file(), options.check());
    patternWarnings.forEach(listener::warning);
    // a check run is journaled too, once a check_mode: false task really writes
    services.journal().runStarted(runId, playbook.file(), options.check());
    Map<String, HostRun> hostRuns = new LinkedHashMap<>();
    boolean aborted = false;
    HostLeaseGate leases = new HostLeaseGate(ctx);
    try (Fanout fanout = new Fanout(options.forks())) {
      for (Map.Entry<Play, List<Host>> e : targets.entrySet()) {
        boolean completed =
            new PlayRunner(ctx, inventory, hostRuns, fanout, e.getKey(), connectionBudget)
                .run(e.getValue());
        leases.playFinished(e.getKey(), targets, hostRuns);
        if (!completed) {
          aborted = true;
          break;
        }
      }
      if (!options.check()) {
        // the run is off its hosts before the restarts it leaves due take them
        services.leases().runFinished(runId);
        services.restarts().runFinished(runId).forEach(listener::restartRan);
      }
    } finally {
      hostRuns.values().forEach(HostRun::close);
      if (!options.check()) {
        services.leases().runFinished(runId);
      }
    }
    Map<String, HostCounts> counts = new LinkedHashMap<>();
    hostRuns.forEach((name, run) -> counts.put(name, run.counts()));
    RunSummary summary = new RunSummary(runId, counts, inputErrors.all(), options.check(), aborted);
    ExitStatus exit = ExitStatus.of(summary, options.detailedExitCode());
    services
        .journal()
        .runFinished(
            runId,
            exit == ExitStatus.SUCCESS ? "ok" : exit.name().toLowerCase(java.util.Locale.ROOT));
    listener.runFinished(summary, exit.code());
    return new RunResult(summary, exit);
  }

  /** Each play's hosts: its pattern's, in inventory order, narrowed by {@code --limit}. */
  private static Map<Play, List<Host>> targets(
      Playbook playbook, Inventory inventory, String limitPattern) {
    Set<String> limit = null;
    if (limitPattern != null) {
      limit = new LinkedHashSet<>();
      for (Host h : Limit.select(inventory, limitPattern)) {
        limit.add(h.name());
      }
    }
    Map<Play, List<Host>> targets = new LinkedHashMap<>();
    for (Play play : playbook.plays()) {
      List<Host> hosts = new ArrayList<>();
      for (Host h : inventory.select(play.hosts(), play.hostsLocation())) {
        if (limit == null || limit.contains(h.name())) {
          hosts.add(h);
        }
      }
      targets.put(play, hosts);
    }
    return targets;
  }
}
