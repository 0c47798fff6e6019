package io.pagetune.cli;

import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.inventory.InventoryReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pagetune inventory -i INVENTORY --list | --graph | --host NAME}. */
@Command(
    name = "inventory",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Show the inventory with resolved variables (like ansible-inventory).",
    footer = {
      "",
      "Examples:",
      "  pagetune inventory -i inventory/lab.yml --graph",
      "  pagetune inventory -i inventory/lab.yml --host localhost",
      "  pagetune inventory -i hosts.ini --list > inventory.json"
    })
public final class InventoryCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @picocli.CommandLine.Mixin InventoryFileOption inventory = new InventoryFileOption();

  @ArgGroup(exclusive = true, multiplicity = "1")
  Mode mode;

  static final class Mode {
    @Option(names = "--list", description = "All groups and hosts with their variables, as JSON.")
    boolean list;

    @Option(names = "--graph", description = "The group tree.")
    boolean graph;

    @Option(names = "--host", paramLabel = "NAME", description = "One host's resolved variables.")
    String host;
  }

  @Option(
      names = "--show-secrets",
      description =
          "Print the values of secret variables (ansible_password, become passwords, anything named"
              + " like a password, passphrase, secret, token or key); masked as *** otherwise.")
  boolean showSecrets;

  @picocli.CommandLine.Mixin StacktraceOption stacktrace = new StacktraceOption();

  @picocli.CommandLine.Mixin VaultOptions vaultOptions = new VaultOptions();

  public InventoryCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    Inventory inv =
        new InventoryLoader(vaultOptions.reader(environment), environment.inventorySources())
            .load(inventory.path);
    InventoryReport report = new InventoryReport(inv, showSecrets);
    String text = mode.list ? report.list() : mode.graph ? report.graph() : report.host(mode.host);
    environment.out().println(text);
    // on stderr: stdout stays the JSON or tree a script reads
    io.pagetune.inventory.UnreadSettingNotes.of(inv.hosts())
        .forEach(n -> environment.err().println("[NOTE]: " + n));
    return 0;
  }
}
