package io.pagetune.cli;

import io.pagetune.connection.Connections;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.ExitStatus;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.restart.Restarts;
import io.pagetune.schedule.queue.HandledRestart;
import io.pagetune.schedule.queue.IntentStatus;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.state.StateStore;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pagetune schedule list|show|cancel|run-due}: the durable restart queue. */
@Command(
    name = "schedule",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "The restart queue: list, show, cancel, and run what is due.",
    subcommands = {
      ScheduleCommand.ListIntents.class,
      ScheduleCommand.Show.class,
      ScheduleCommand.Cancel.class,
      ScheduleCommand.RunDue.class
    },
    footer = {
      "",
      "Examples:",
      "  pagetune schedule list",
      "  pagetune schedule show 3fa9c2d1",
      "  pagetune schedule run-due -i inventory/lab.yml        # from cron, every few minutes",
      "  pagetune schedule cancel 3fa9c2d1 --reason 'done by hand'"
    })
public final class ScheduleCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  static StateStore store(StateOptions options, CliEnvironment env, Clock clock) {
    return options
        .open(env, clock)
        .orElseThrow(
            () ->
                new InputException(
                    SourceLocation.of("--state"), "this command needs a state store"));
  }

  static RestartIntent find(RestartQueue queue, String id) {
    List<RestartIntent> found = queue.findByPrefix(id);
    if (found.size() != 1) {
      throw new InputException(
          SourceLocation.of("ID"),
          found.isEmpty() ? "no restart intent '" + id + "'" : "'" + id + "' is ambiguous");
    }
    return found.get(0);
  }

  static void print(PrintStream out, List<RestartIntent> intents) {
    print(out, intents, Integer.MAX_VALUE);
  }

  static void print(PrintStream out, List<RestartIntent> intents, int width) {
    io.pagetune.cli.table.TextTable table =
        new io.pagetune.cli.table.TextTable(
            "ID", "STATUS", "RESTART", "HOSTS", "DUE (UTC)", "RESULT");
    for (RestartIntent i : intents) {
      table.row(
          i.id().substring(0, Math.min(8, i.id().length())),
          i.status().toString(),
          i.target().describe(),
          String.join(",", i.hosts()),
          i.dueAt().toString().replace("T", " "),
          i.result().orElse(i.reason()));
    }
    out.print(table.render(width));
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "Queued restarts (--all: every one).")
  public static final class ListIntents implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin StateOptions state = new StateOptions();

    @Option(names = "--all", description = "Also restarts that are done, failed or cancelled.")
    boolean all;

    @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

    public ListIntents(CliEnvironment environment) {
      this.environment = environment;
    }

    @Override
    public Integer call() {
      RestartQueue queue =
          new RestartQueue(
              store(state, environment, environment.clock()), environment.wiring().restartKinds());
      List<RestartIntent> intents =
          all
              ? queue.list()
              : queue.list(
                  java.util.EnumSet.of(
                      IntentStatus.QUEUED,
                      IntentStatus.RUNNING,
                      IntentStatus.FAILED,
                      IntentStatus.BLOCKED));
      if (output.json()) {
        Json.print(
            environment.out(), Map.of("restarts", intents.stream().map(IntentJson::of).toList()));
        return 0;
      }
      print(
          environment.out(),
          intents,
          io.pagetune.cli.table.TerminalWidth.of(environment.env(), environment.terminal()));
      return 0;
    }
  }

  @Command(name = "show", mixinStandardHelpOptions = true, description = "One restart in full.")
  public static final class Show implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin StateOptions state = new StateOptions();

    @Parameters(paramLabel = "ID", description = "The intent id (a unique prefix is enough).")
    String id;

    @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

    public Show(CliEnvironment environment) {
      this.environment = environment;
    }

    @Override
    public Integer call() {
      RestartIntent i =
          find(
              new RestartQueue(
                  store(state, environment, environment.clock()),
                  environment.wiring().restartKinds()),
              id);
      PrintStream out = environment.out();
      if (output.json()) {
        Json.print(out, IntentJson.of(i));
        return 0;
      }
      out.println("id:        " + i.id());
      out.println("restart:   " + i.target().describe() + " (" + i.target().kind() + ")");
      out.println("hosts:     " + String.join(", ", i.hosts()));
      out.println("group:     " + i.group());
      out.println(
          "status:    "
              + i.status()
              + (i.attempts() > 0 ? " after " + i.attempts() + " attempt(s)" : ""));
      out.println("due:       " + i.dueAt() + " (expected to take " + i.expectedDuration() + ")");
      out.println("reason:    " + i.reason());
      out.println("run:       " + i.runId());
      out.println("created:   " + i.createdAt());
      i.startedAt().ifPresent(t -> out.println("started:   " + t));
      i.finishedAt().ifPresent(t -> out.println("finished:  " + t));
      i.result().ifPresent(r -> out.println("result:    " + r));
      return 0;
    }
  }

  @Command(
      name = "cancel",
      mixinStandardHelpOptions = true,
      description = "Cancel a queued restart.")
  public static final class Cancel implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin StateOptions state = new StateOptions();

    @Parameters(paramLabel = "ID", description = "The intent id (a unique prefix is enough).")
    String id;

    @Option(names = "--reason", defaultValue = "cancelled by hand", description = "Why.")
    String reason;

    public Cancel(CliEnvironment environment) {
      this.environment = environment;
    }

    @Override
    public Integer call() {
      RestartQueue queue =
          new RestartQueue(
              store(state, environment, environment.clock()), environment.wiring().restartKinds());
      RestartIntent i = find(queue, id);
      if (!queue.cancel(i.id(), reason)) {
        environment
            .err()
            .println("restart " + i.id() + " is " + i.status() + ", not queued: not cancelled");
        return ExitStatus.HOST_FAILED.code();
      }
      environment.out().println("cancelled " + i.target().describe() + " [" + i.id() + "]");
      return 0;
    }
  }

  @Command(
      name = "run-due",
      mixinStandardHelpOptions = true,
      description =
          "Run the restarts that are due now (inside their window, with enough time left),"
              + " verify them, and journal the effective state. For cron.")
  public static final class RunDue implements Callable<Integer> {
    private final CliEnvironment environment;

    @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

    @Mixin RestartOptions restart = new RestartOptions();

    @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

    public RunDue(CliEnvironment environment) {
      this.environment = environment;
    }

    @Override
    public Integer call() {
      Clock clock = restart.clock(environment);
      Inventory inv = new InventoryLoader(Path.of("")).load(inventory.path);
      Connections connections = restart.connections(environment);
      Restarts restarts =
          restart.restarts(
              environment,
              restart.store(environment, clock),
              inv,
              inventory.path,
              connections,
              clock);
      // a run killed between a write and its restart intent left nothing due: settle it first
      List<String> settled =
          environment.wiring().settleUnconfirmedWrites(restarts, inv, connections, clock);
      if (!output.json()) {
        settled.forEach(environment.out()::println);
      } else {
        settled.forEach(environment.err()::println);
      }
      List<HandledRestart> handled = restarts.runDue(Restarts.nodeName("run-due"));
      boolean failed = false;
      for (HandledRestart h : handled) {
        failed |= h.status() == IntentStatus.FAILED;
        if (output.json()) {
          environment.out().println(restartEvent(restarts, h));
          continue;
        }
        environment
            .out()
            .printf(
                "%-8s  %-10s  %s%n",
                h.intentId().substring(0, Math.min(8, h.intentId().length())),
                h.status(),
                h.detail());
      }
      if (handled.isEmpty() && !output.json()) {
        environment.out().println("nothing due");
      }
      return failed ? ExitStatus.HOST_FAILED.code() : 0;
    }

    private static String restartEvent(Restarts restarts, HandledRestart h) {
      try {
        return new com.fasterxml.jackson.databind.ObjectMapper()
            .writeValueAsString(RestartEventJson.of(restarts.ran(h)));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
      }
    }
  }
}
