package io.pagetune.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.executor.ExitStatus;
import io.pagetune.facts.Fact;
import io.pagetune.facts.FactGatherer;
import io.pagetune.facts.FactSet;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.pages.PageFacts;
import io.pagetune.targets.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pagetune facts -i INVENTORY}: the page-size facts of each host, one round trip each. */
@Command(
    name = "facts",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Gather and show the page-size facts of each host (changes nothing).",
    footer = {
      "",
      "Examples:",
      "  pagetune facts -i inventory/lab.yml",
      "  pagetune facts -i inventory/lab.yml --limit sap_ibmi --output json"
    })
public final class FactsCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  @Option(names = "--timeout", defaultValue = "60", description = "Seconds per host.")
  int timeout;

  @picocli.CommandLine.Mixin StacktraceOption stacktrace = new StacktraceOption();

  @picocli.CommandLine.Mixin SshOptions ssh = new SshOptions();

  public FactsCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws JsonProcessingException {
    Inventory inv = new InventoryLoader(Path.of("")).load(inventory.path);
    SshArgsCheck.validate(inv);
    List<Host> hosts = io.pagetune.inventory.Limit.select(inv, limit.pattern);
    List<Fact<?>> facts = new ArrayList<>();
    List<FactSet> sets = environment.wiring().factSets();
    PageFacts pageFacts = environment.wiring().pageFacts();
    sets.forEach(s -> facts.addAll(s.facts()));
    Connections connections = ssh.connections(environment);
    Map<String, Map<String, Object>> byHost = new LinkedHashMap<>();
    boolean unreachable = false;
    for (Host h : hosts) {
      try (Connection c = connections.open(ConnectionSpec.fromVars(h.name(), h.vars().resolve()))) {
        Map<String, Object> values =
            FactGatherer.gather(c, facts, Become.NONE, Duration.ofSeconds(timeout));
        Map<String, Object> summary = new LinkedHashMap<>(pageFacts.summary(values));
        summary.put("page_state", pageStates(summary));
        byHost.put(h.name(), summary);
      } catch (ConnectionException e) {
        unreachable = true;
        byHost.put(h.name(), Map.of("unreachable", String.valueOf(e.getMessage())));
      }
    }
    if (output.json()) {
      environment
          .out()
          .println(
              new ObjectMapper()
                  .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                  .writeValueAsString(Map.of("hosts", byHost)));
    } else {
      environment
          .out()
          .print(
              new FactsTable(environment.wiring().targets())
                  .render(
                      byHost,
                      io.pagetune.cli.table.TerminalWidth.of(
                          environment.env(), environment.terminal())));
      environment.out().print(FactsTable.renderStates(byHost));
    }
    return unreachable ? ExitStatus.HOST_UNREACHABLE.code() : 0;
  }

  /** Every target's page states from the host's page facts, in the same shape for all. */
  private List<Map<String, Object>> pageStates(Map<String, Object> pages) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Target t : environment.wiring().targets()) {
      t.factStates(pages).forEach(s -> out.add(s.toMap()));
    }
    return out;
  }
}
