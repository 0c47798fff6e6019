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

  static List<FactSet> factSets() {
    return List.of(new BaseFacts(), new io.pagetune.pages.PageFacts());
  }
}
