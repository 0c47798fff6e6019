package io.pagetune.cli;

import io.pagetune.connection.ConnectionFactory;
import io.pagetune.connection.Connections;
import io.pagetune.connection.LocalConnection;
import io.pagetune.facts.BaseFacts;
import io.pagetune.facts.FactSet;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.modules.builtin.BuiltinModules;
import java.util.ArrayList;
import java.util.List;

/** The explicit list of what a run uses: modules, connection types, gathered fact sets. */
final class Wiring {
  private Wiring() {}

  static ModuleRegistry modules(java.time.Clock clock) {
    return BuiltinModules.registry(clock);
  }

  static Connections connections(List<ConnectionFactory> extra) {
    List<ConnectionFactory> all = new ArrayList<>();
    all.add(LocalConnection.factory());
    all.add(io.pagetune.connection.lab.LabConnection.factory());
    all.addAll(extra);
    return new Connections(all);
  }

  /**
   * The change windows: windows.yml beside the inventory unless a file is named; every host's
   * change_window must name one of them (checked before any host is contacted).
   */
  static io.pagetune.schedule.window.WindowsFile windows(
      io.pagetune.yaml.YamlReader yaml,
      io.pagetune.inventory.Inventory inventory,
      java.nio.file.Path inventoryPath,
      java.nio.file.Path override) {
    java.nio.file.Path file =
        override != null ? override : WindowsCommand.defaultWindowsFile(inventoryPath);
    io.pagetune.schedule.window.WindowsFile windows =
        java.nio.file.Files.isRegularFile(file)
            ? io.pagetune.schedule.window.WindowsFile.load(yaml, file)
            : new io.pagetune.schedule.window.WindowsFile(java.util.Map.of());
    io.pagetune.schedule.window.WindowsReport.requireKnownWindows(inventory.hosts(), windows);
    return windows;
  }

  static List<FactSet> factSets() {
    return List.of(new BaseFacts(), new io.pagetune.pages.PageFacts());
  }
}
