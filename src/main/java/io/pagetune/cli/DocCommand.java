package io.pagetune.cli;

import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pagetune doc MODULE…} and {@code pagetune doc --list}, like ansible-doc. */
@Command(
    name = "doc",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Show a module's options, types, defaults and an example (like ansible-doc).",
    footer = {
      "",
      "Examples:",
      "  pagetune doc --list",
      "  pagetune doc sysctl",
      "  pagetune doc ansible.builtin.copy",
      "",
      "Exit codes: 0 success, 4 an unknown module or no module named."
    })
public final class DocCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @Parameters(paramLabel = "MODULE", arity = "0..*", description = "Modules to document.")
  List<String> names = List.of();

  @Option(
      names = {"-l", "--list"},
      description = "List every module with its summary.")
  boolean list;

  public DocCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    ModuleRegistry modules = environment.wiring().modules(environment.clock());
    if (list) {
      int width = modules.names().stream().mapToInt(String::length).max().orElse(0);
      for (String name : new TreeSet<>(modules.names())) {
        Module m = modules.find(name).orElseThrow();
        environment
            .out()
            .println(
                String.format("%-" + width + "s  %s", name, m.spec().summary()).stripTrailing());
      }
      return 0;
    }
    if (names.isEmpty()) {
      throw new io.pagetune.error.InputException(
          io.pagetune.error.SourceLocation.of("MODULE"),
          "name a module (pagetune doc sysctl) or give --list");
    }
    // every name is checked before anything is printed
    List<Module> found =
        names.stream()
            .map(
                n ->
                    modules
                        .find(n)
                        .orElseThrow(
                            () ->
                                new io.pagetune.error.InputException(
                                    io.pagetune.error.SourceLocation.of(n),
                                    "unknown module '" + n + "'" + modules.didYouMean(n))))
            .toList();
    for (int i = 0; i < found.size(); i++) {
      if (i > 0) {
        environment.out().println();
      }
      ModuleDocText.print(found.get(i), environment.out());
    }
    return 0;
  }
}
