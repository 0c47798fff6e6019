package io.pagetune.cli;

import io.pagetune.cli.table.TerminalWidth;
import io.pagetune.cli.table.TextTable;
import io.pagetune.state.JournalChange;
import io.pagetune.state.RunRecord;
import io.pagetune.state.StateStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pagetune history [RUN_ID]}: journaled runs, or the changes of one run. */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "List journaled runs, or the file changes of one run.",
    footer = {"", "Examples:", "  pagetune history", "  pagetune history 20261129T221530Z-3fa9c2"})
public final class HistoryCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @Mixin StateOptions state = new StateOptions();

  @Parameters(paramLabel = "RUN_ID", arity = "0..1", description = "Show this run's changes.")
  String runId;

  @Option(names = "--last", paramLabel = "N", defaultValue = "20", description = "Runs to list.")
  int last;

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  public HistoryCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    StateStore store = ScheduleCommand.store(state, environment, environment.clock());
    RunStatuses statuses = new RunStatuses(store.journal());
    if (runId == null) {
      List<RunRecord> runs = store.journal().runs().list(last);
      if (output.json()) {
        Json.print(
            environment.out(),
            Map.of("runs", runs.stream().map(r -> JournalJson.run(r, statuses.of(r))).toList()));
        return 0;
      }
      TextTable table = new TextTable("RUN", "STARTED (UTC)", "BY", "STATUS", "PLAYBOOK");
      for (RunRecord r : runs) {
        table.row(
            r.runId(),
            r.startedAt().toString().replace("T", " ").replaceAll("\\.\\d+Z$", "Z"),
            r.startedBy(),
            statuses.of(r),
            r.playbook());
      }
      environment
          .out()
          .print(table.render(TerminalWidth.of(environment.env(), environment.terminal())));
      return 0;
    }
    List<JournalChange> changes = store.journal().history().ofRun(runId);
    RunRecord run =
        store
            .journal()
            .runs()
            .find(runId)
            .orElseThrow(
                () ->
                    new io.pagetune.error.InputException(
                        io.pagetune.error.SourceLocation.of("RUN_ID"),
                        "no journaled run '" + runId + "'"));
    // writes journaled ahead and never confirmed: the run died (or the write failed) in between
    List<JournalChange> unconfirmed = store.journal().unconfirmed().ofRun(runId);
    if (output.json()) {
      Map<String, Object> json = new java.util.LinkedHashMap<>();
      json.put("run", JournalJson.run(run, statuses.of(run)));
      json.put("changes", changes.stream().map(JournalJson::change).toList());
      json.put("unconfirmed_changes", unconfirmed.stream().map(JournalJson::change).toList());
      Json.print(environment.out(), json);
      return 0;
    }
    environment.out().printf("run %s %s%n", runId, statuses.of(run));
    for (JournalChange c : changes) {
      environment.out().println(line(c, "[" + c.effectiveState() + "]"));
    }
    for (JournalChange c : unconfirmed) {
      environment
          .out()
          .println(
              line(
                  c,
                  "[UNCONFIRMED"
                      + (c.restarts().isEmpty()
                          ? ""
                          : ", needs "
                              + String.join(
                                  ", ",
                                  io.pagetune.executor.RestartList.decode(
                                          c.restarts(), environment.wiring().restartKinds())
                                      .stream()
                                      .map(r -> r.target().describe())
                                      .toList()))
                      + "]"));
    }
    return 0;
  }

  private static String line(JournalChange c, String state) {
    return String.format(
        "%s  %s  %s%s  %s -> %s  backup %s  %s",
        c.host(),
        c.path(),
        c.task(),
        c.noLog() ? " (no_log)" : "",
        c.describeBefore(),
        c.describeAfter(),
        // what a change replaced is kept in the store; a task's backup: true adds a copy
        c.beforeSha256().isEmpty() ? "-" : "stored" + c.backupPath().map(p -> ", " + p).orElse(""),
        state);
  }
}
