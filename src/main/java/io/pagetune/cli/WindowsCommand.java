package io.pagetune.cli;

import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.schedule.window.WindowsReport;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pagetune windows -i INVENTORY [--limit]}: each host's change window and next openings. */
@Command(
    name = "windows",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Show each host's change window and its next openings in local and UTC time.",
    footer = {
      "",
      "Hosts name their window with the variable pagetune_change_window; windows are defined in",
      "windows.yml beside the inventory (or --windows FILE).",
      "",
      "Examples:",
      "  pagetune windows -i inventory/lab.yml",
      "  pagetune windows -i prod.ini --limit sap_ibmi --count 5"
    })
public final class WindowsCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

  @picocli.CommandLine.Mixin LimitOption limit = new LimitOption();

  @picocli.CommandLine.Mixin WindowsOption windows = new WindowsOption();

  @Option(
      names = "--count",
      paramLabel = "N",
      defaultValue = "3",
      description = "Openings to show per host (default: ${DEFAULT-VALUE}).")
  int count;

  @Mixin NowOption now = new NowOption();

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  @picocli.CommandLine.Mixin StacktraceOption stacktrace = new StacktraceOption();

  public WindowsCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    YamlReader yaml = new YamlReader(Path.of(""));
    Inventory inv = new InventoryLoader(Path.of("")).load(inventory.path);
    List<Host> hosts = io.pagetune.inventory.Limit.select(inv, limit.pattern);
    WindowsFile windows =
        environment.wiring().windows(yaml, inv, inventory.path, this.windows.file);
    if (output.json()) {
      Json.print(
          environment.out(),
          WindowsJson.hosts(
              io.pagetune.restart.RestartConfigCheck.hostWindows(hosts),
              windows,
              now.clock(environment).instant(),
              count));
      return 0;
    }
    environment
        .out()
        .print(
            WindowsReport.render(
                io.pagetune.restart.RestartConfigCheck.hostWindows(hosts),
                windows,
                now.clock(environment).instant(),
                count));
    return 0;
  }
}
