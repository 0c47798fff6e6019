package io.pagetune.cli;

import io.pagetune.connection.Connections;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.RestartSink;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.executor.run.Engine;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.modules.Step;
import io.pagetune.modules.builtin.RestoreFileModule;
import io.pagetune.playbook.Keywords;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskNode;
import io.pagetune.report.ConsoleReporter;
import io.pagetune.report.Listeners;
import io.pagetune.restart.Restarts;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.state.ChangeKind;
import io.pagetune.state.Journal;
import io.pagetune.state.JournalChange;
import io.pagetune.state.StateStore;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pagetune rollback RUN_ID}: puts back every file the run changed, from the backups the
 * journal recorded, through the ordinary plan/apply path (so --check and --diff work and a second
 * rollback changes nothing), and queues the restarts that make the old state effective.
 */
@Command(
    name = "rollback",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Restore the files a journaled run changed and queue the restarts that undo it.",
    footer = {
      "",
      "Examples:",
      "  pagetune rollback 20261129T221530Z-3fa9c2 -i inventory/lab.yml --check --diff",
      "  pagetune rollback 20261129T221530Z-3fa9c2 -i inventory/lab.yml --limit pase-nwp"
    })
public final class RollbackCommand implements Callable<Integer> {
  private static final SourceLocation HERE = SourceLocation.of("rollback");
  private static final String SHOWN = "pagetune_rollback";

  /** The files a {@code no_log} task wrote: restored by a {@code no_log} task, diffs hidden. */
  private static final String HIDDEN = "pagetune_rollback_no_log";

  private final CliEnvironment environment;

  @Parameters(paramLabel = "RUN_ID", description = "The run to undo (see pagetune history).")
  String runId;

  @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @Option(
      names = {"-C", "--check"},
      description = "Show what would be restored; change nothing.")
  boolean check;

  @Option(
      names = {"-D", "--diff"},
      description = "Show the diffs.")
  boolean diff;

  @Option(
      names = {"--force"},
      description =
          "Also restore files changed since the run (hand edits); each is journaled with a"
              + " backup, so this rollback can be rolled back in turn.")
  boolean force;

  @Mixin RestartOptions restart = new RestartOptions();

  @Mixin VaultOptions vaultOptions = new VaultOptions();

  @Mixin LockTimeoutOption lockTimeout = new LockTimeoutOption();

  public RollbackCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    Clock clock = restart.clock(environment);
    YamlReader yaml = vaultOptions.reader(environment);
    StateStore store = restart.store(environment, clock);
    if (store.journal().runs().find(runId).isEmpty()) {
      throw new InputException(SourceLocation.of("RUN_ID"), "no journaled run '" + runId + "'");
    }
    Inventory inv = new InventoryLoader(yaml).load(inventory.path);
    Map<String, Object> perHost = restores(store.journal(), inv, false);
    Map<String, Object> hiddenPerHost = restores(store.journal(), inv, true);
    Set<String> hosts = new LinkedHashSet<>(perHost.keySet());
    hosts.addAll(hiddenPerHost.keySet());
    Connections connections = restart.connections(environment);
    Restarts restarts =
        restart.restarts(environment, store, inv, inventory.path, connections, clock);
    RunServices services =
        environment
            .wiring()
            .runServices(
                restarts, clock, check, check ? Duration.ZERO : lockTimeout.timeout(), false);
    if (hosts.isEmpty()) {
      environment.out().println("run " + runId + " changed no files on the selected hosts");
      return 0;
    }
    RunOptions options =
        RunOptions.defaults()
            .withCheck(check)
            .withDiff(diff)
            .withExtraVars(Map.of(SHOWN, perHost, HIDDEN, hiddenPerHost));
    Engine engine =
        new Engine(
            modules(clock, store.journal()),
            connections,
            environment.wiring().factSets(),
            new Listeners(
                List.of(new ConsoleReporter(environment.out(), environment.colorTerminal(), diff))),
            clock,
            services);
    RunResult result =
        engine.run(Path.of("rollback-" + runId + ".yml"), playbook(hosts), inv, options, yaml);
    if (!check) {
      requeueRestarts(restarts, services.restarts(), inv, result.summary().runId());
      // a restart whose window is open now runs now, as after any run
      services.restarts().runFinished(result.summary().runId());
    }
    return result.exit().code();
  }

  /** The built-in modules, with {@code restore_file} reading the backups of this store. */
  private ModuleRegistry modules(Clock clock, Journal journal) {
    List<Module> modules = new ArrayList<>();
    for (Module m : environment.wiring().moduleList(clock)) {
      modules.add(
          m instanceof RestoreFileModule ? new RestoreFileModule(journal.backups()::find) : m);
    }
    return new ModuleRegistry(modules);
  }

  /**
   * Per host, the changes to undo, newest first (a file goes before the directory the run made for
   * it): per path and kind of change, its first change in the run holds the original, its last what
   * the run left (a file that no longer holds that is not touched unless forced). {@code noLog}:
   * only the paths a {@code no_log} task changed in the run, else only the others.
   */
  private Map<String, Object> restores(Journal journal, Inventory inv, boolean noLog) {
    Set<String> selected = new LinkedHashSet<>();
    List<Host> hosts = io.pagetune.inventory.Limit.select(inv, limit.pattern);
    hosts.forEach(h -> selected.add(h.name()));
    Map<String, Map<String, JournalChange>> first = new LinkedHashMap<>();
    Map<String, Map<String, JournalChange>> last = new LinkedHashMap<>();
    List<JournalChange> changes = journal.history().ofRun(runId);
    Set<String> hidden = new LinkedHashSet<>();
    changes.stream()
        .filter(JournalChange::noLog)
        .forEach(c -> hidden.add(c.host() + "\0" + c.path()));
    for (JournalChange c : changes) {
      if (!selected.contains(c.host()) || hidden.contains(c.host() + "\0" + c.path()) != noLog) {
        continue;
      }
      String key = c.kind() + " " + c.path();
      first.computeIfAbsent(c.host(), h -> new LinkedHashMap<>()).putIfAbsent(key, c);
      last.computeIfAbsent(c.host(), h -> new LinkedHashMap<>()).put(key, c);
    }
    String by = journal.runs().find(runId).map(r -> " (by " + r.startedBy() + ")").orElse("");
    Map<String, Object> out = new LinkedHashMap<>();
    first.forEach(
        (host, hostChanges) -> {
          List<Object> items = new ArrayList<>();
          hostChanges.forEach(
              (key, original) -> {
                JournalChange left = last.get(host).get(key);
                items.add(
                    0,
                    original.kind() == ChangeKind.CONTENT
                        ? item(journal, original, left, by)
                        : PathRollbackItem.of(journal, original, left));
              });
          out.put(host, items);
        });
    return out;
  }

  private Map<String, Object> item(
      Journal journal, JournalChange original, JournalChange left, String by) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("path", original.path());
    if (original.beforeSha256().isPresent()) {
      String sha = original.beforeSha256().get();
      if (journal.backups().find(sha).isPresent()) {
        item.put("content_sha256", sha);
        original.beforeMode().ifPresent(m -> item.put("original_mode", String.format("%04o", m)));
        original.beforeOwner().ifPresent(o -> item.put("owner", o));
        original.beforeGroup().ifPresent(g -> item.put("group", g));
      } else if (original.backupPath().isPresent()) {
        item.put("backup", original.backupPath().get()); // journaled before backups were stored
      } else {
        throw new InputException(
            HERE,
            original.host()
                + ": "
                + original.path()
                + " was changed without a backup; cannot roll it back");
      }
    } else {
      item.put("absent", true);
    }
    item.put("expect_sha256", left.afterSha256().orElse(RestoreFileModule.ABSENT));
    item.put("changed_by", "run " + runId + by + " wrote it" + changedSince(journal, left));
    item.put("force", force);
    item.put("kind", "content");
    return item;
  }

  /** Who changed the file after the run, when the journal knows. */
  private static String changedSince(Journal journal, JournalChange left) {
    List<JournalChange> later = journal.history().laterOnSameFile(left);
    if (later.isEmpty()) {
      return ", by hand or another tool (no journaled run)";
    }
    JournalChange newest = later.get(later.size() - 1);
    String who = journal.runs().find(newest.runId()).map(r -> " by " + r.startedBy()).orElse("");
    return ", by run " + newest.runId() + who;
  }

  private Playbook playbook(Set<String> hosts) {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("path", "${item.path}");
    args.put("backup", "${item.backup!}");
    args.put("content_sha256", "${item.content_sha256!}");
    args.put("absent", "${item.absent!false}");
    args.put("original_mode", "${item.original_mode!}");
    args.put("owner", "${item.owner!}");
    args.put("group", "${item.group!}");
    args.put("expect_sha256", "${item.expect_sha256}");
    args.put("changed_by", "${item.changed_by}");
    args.put("force", "${item.force}");
    args.put("kind", "${item.kind!'content'}");
    args.put("tree_sha256", "${item.tree_sha256!}");
    args.put("link_target", "${item.link_target!}");
    args.put("unrecoverable", "${item.unrecoverable!}");
    Task restore = task("Restore what the run replaced", args, SHOWN, false);
    Task restoreHidden = task("Restore what a no_log task wrote", args, HIDDEN, true);
    Play play =
        Play.builder(String.join(":", hosts), Path.of("").toAbsolutePath(), HERE)
            .name("Roll back run " + runId)
            .gatherFacts(false)
            .tasks(List.<TaskNode>of(restore, restoreHidden))
            .build();
    return new Playbook("rollback " + runId, List.of(play));
  }

  private static Task task(String name, Map<String, Object> args, String itemsVar, boolean noLog) {
    Keywords keywords =
        new Keywords(
            List.of("true"),
            List.of(),
            null,
            null,
            Map.of(),
            null,
            null,
            null,
            noLog ? Boolean.TRUE : null,
            Map.of(),
            null,
            null,
            null,
            null);
    return Task.builder("restore_file", HERE)
        .name(name)
        .args(args)
        .keywords(keywords)
        .loop("${" + itemsVar + "[inventory_hostname]![]}")
        .build();
  }

  /** The restarts the run asked for are needed again to make the restored files effective. */
  private void requeueRestarts(
      Restarts restarts, RestartSink sink, Inventory inv, String rollbackRun) {
    Set<String> seen = new LinkedHashSet<>();
    for (RestartIntent i : restarts.queue().list()) {
      if (!i.runId().equals(runId) || !seen.add(RestartIntent.keyOf(i.target()))) {
        continue;
      }
      Map<String, Object> vars =
          inv.host(i.target().host()).map(h -> h.vars().resolve()).orElse(Map.of());
      String line =
          sink.requested(
              new RestartSink.Request(
                  rollbackRun,
                  i.target().host(),
                  vars,
                  "rollback",
                  new Step.RequestRestart(i.target(), "undo run " + runId),
                  false));
      environment.out().println(line);
    }
  }
}
