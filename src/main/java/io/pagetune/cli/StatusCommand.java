package io.pagetune.cli;

import io.pagetune.cli.table.TerminalWidth;
import io.pagetune.cli.table.TextTable;
import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.facts.Fact;
import io.pagetune.facts.FactGatherer;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.pages.PageState;
import io.pagetune.report.ReportFile;
import io.pagetune.report.html.FleetReport;
import io.pagetune.report.html.FleetReportHtml;
import io.pagetune.schedule.queue.IntentStatus;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.state.HostFacts;
import io.pagetune.state.HostFactsStore;
import io.pagetune.state.RunOwner;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pagetune status -i INVENTORY}: the fleet's page state from the journal, the queue and the
 * last stored facts.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description =
        "The fleet's page state: the journal's changes and whether they are in use, pending"
            + " restarts, each host's next window and its last page facts (--refresh: gathered"
            + " now, and stored).",
    footer = {
      "",
      "Examples:",
      "  pagetune status -i inventory/lab.yml",
      "  pagetune status -i inventory/lab.yml --refresh --report status.html",
      "  pagetune status -i prod.ini --limit oracle_db --output json"
    })
public final class StatusCommand implements Callable<Integer> {
  private static final EnumSet<IntentStatus> OPEN =
      EnumSet.of(
          IntentStatus.QUEUED, IntentStatus.RUNNING, IntentStatus.FAILED, IntentStatus.BLOCKED);

  private final CliEnvironment environment;

  @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @Option(
      names = "--refresh",
      description = "Gather the page facts of every host now (and store them).")
  boolean refresh;

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  @Option(
      names = "--report",
      paramLabel = "FILE.html",
      description = "Also write the status as a self-contained HTML fleet report.")
  Path report;

  @picocli.CommandLine.Mixin WindowsOption windows = new WindowsOption();

  @Option(names = "--timeout", defaultValue = "60", description = "Seconds per host (--refresh).")
  int timeout;

  @picocli.CommandLine.Mixin StacktraceOption stacktrace = new StacktraceOption();

  @Mixin StateOptions state = new StateOptions();

  @Mixin VaultOptions vaultOptions = new VaultOptions();

  @Mixin NowOption now = new NowOption();

  @Mixin SshOptions ssh = new SshOptions();

  public StatusCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    YamlReader yaml = vaultOptions.reader(environment);
    Inventory inv = new InventoryLoader(yaml).load(inventory.path);
    SshArgsCheck.validate(inv);
    List<Host> hosts = io.pagetune.inventory.Limit.select(inv, limit.pattern);
    WindowsFile windows =
        environment.wiring().windows(yaml, inv, inventory.path, this.windows.file);
    ReportOptions files = new ReportOptions();
    files.report = report;
    files.check();
    java.time.Clock clock = now.clock(environment);
    Instant at = clock.instant();
    StateStore store = ScheduleCommand.store(state, environment, clock);
    List<RestartIntent> open =
        new RestartQueue(store, environment.wiring().restartKinds()).list(OPEN);
    Map<String, Optional<String>> hostWindows =
        io.pagetune.restart.RestartConfigCheck.hostWindows(hosts);
    Connections connections = refresh ? ssh.connections(environment) : null;
    var groupsOf = ReportOptions.groupsOf(inv);
    HostFactsStore stored = new HostFactsStore(store);
    List<HostStatus> statuses = new ArrayList<>();
    for (Host h : hosts) {
      Optional<HostFacts> facts = Optional.empty();
      Optional<String> unreachable = Optional.empty();
      if (refresh) {
        try {
          HostFacts now = new HostFacts(h.name(), Optional.empty(), at, pageStates(connections, h));
          stored.save(now);
          facts = Optional.of(now);
        } catch (ConnectionException e) {
          unreachable = Optional.of(String.valueOf(e.getMessage()));
        }
      }
      if (facts.isEmpty()) {
        // not refreshed, or unreachable now: the last facts a run (or a refresh) stored
        facts = stored.latest(h.name());
      }
      statuses.add(
          new HostStatus(
              h.name(),
              groupsOf.apply(h.name()),
              store.journal().history().latest(h.name()),
              store.journal().unconfirmed().orphaned(h.name(), RunOwner.current().node()),
              open.stream().filter(i -> i.hosts().contains(h.name())).toList(),
              WindowsJson.host(hostWindows.get(h.name()), windows, at, 1),
              facts,
              unreachable,
              at,
              environment.wiring().restartKinds()));
    }
    print(statuses, at);
    boolean anyUnreachable = statuses.stream().anyMatch(s -> s.unreachable().isPresent());
    return anyUnreachable ? io.pagetune.executor.ExitStatus.HOST_UNREACHABLE.code() : 0;
  }

  /** The statuses as JSON or a table on stdout, and as an HTML report when one is asked for. */
  private void print(List<HostStatus> statuses, Instant at) {
    if (output.json()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("time", at.toString());
      json.put("refreshed", refresh);
      json.put("hosts", statuses.stream().map(HostStatus::json).toList());
      Json.print(environment.out(), json);
    } else {
      TextTable table =
          new TextTable("HOST", "STATE", "CHANGES", "PENDING RESTARTS", "NEXT WINDOW", "FACTS");
      for (HostStatus s : statuses) {
        table.row(
            s.host(),
            s.state().label(),
            s.changesLine(),
            s.restartLines().isEmpty() ? "-" : String.join("; ", s.restartLines()),
            s.nextWindow(),
            s.factsLine());
      }
      environment
          .out()
          .print(table.render(TerminalWidth.of(environment.env(), environment.terminal())));
    }
    if (report != null) {
      ReportFile.write(
          report,
          FleetReportHtml.render(
              new FleetReport(
                  "fleet status" + (refresh ? " (facts gathered now)" : ""),
                  "",
                  false,
                  at,
                  statuses.stream().map(HostStatus::report).toList())));
    }
  }

  /** Every target's page states from facts gathered now, in one round trip. */
  private List<PageState> pageStates(Connections connections, Host h) {
    List<Fact<?>> facts = new ArrayList<>();
    environment.wiring().factSets().forEach(s -> facts.addAll(s.facts()));
    try (Connection c = connections.open(ConnectionSpec.fromVars(h.name(), h.vars().resolve()))) {
      Map<String, Object> values =
          FactGatherer.gather(c, facts, Become.NONE, Duration.ofSeconds(timeout));
      return environment.wiring().factStates(values);
    }
  }
}
