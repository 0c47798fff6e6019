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
    return connections(extra, f -> f);
  }

  /** The same factories, each wrapped (for tracing at {@code -vv}). */
  static Connections connections(
      List<ConnectionFactory> extra, java.util.function.UnaryOperator<ConnectionFactory> wrap) {
    List<ConnectionFactory> all = new ArrayList<>();
    all.add(LocalConnection.factory());
    all.add(io.pagetune.connection.lab.LabConnection.factory());
    all.addAll(extra);
    return new Connections(all.stream().map(wrap).toList());
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

  /** Local, lab and SSH connections, SSH set up from the command's options. */
  static Connections connections(SshOptions ssh, CliEnvironment env) {
    return connections(
        List.of(new io.pagetune.connection.ssh.SshConnectionFactory(ssh.settings(env))));
  }

  /** Restart queue, windows, drivers and journal over one state store. */
  static io.pagetune.cli.restart.Restarts restarts(
      io.pagetune.state.StateStore store,
      io.pagetune.inventory.Inventory inventory,
      java.nio.file.Path inventoryPath,
      java.nio.file.Path windowsFile,
      Connections connections,
      java.time.Clock clock,
      CliEnvironment env) {
    io.pagetune.schedule.window.WindowsFile windows =
        windows(
            new io.pagetune.yaml.YamlReader(java.nio.file.Path.of("")),
            inventory,
            inventoryPath,
            windowsFile);
    // leases run on the real clock (not --now): they are about processes running now
    return new io.pagetune.cli.restart.Restarts(
        store,
        inventory,
        windows,
        connections,
        clock,
        env.env(),
        new io.pagetune.state.HostLeases(store, env.clock()),
        holder(env));
  }

  /** Who runs pagetune, for the journal. */
  static String user(CliEnvironment env) {
    return env.env().getOrDefault("USER", System.getProperty("user.name"));
  }

  /** Who holds a host lease: user@node, what another run is told. */
  static String holder(CliEnvironment env) {
    String node;
    try {
      node = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      node = "localhost";
    }
    return user(env) + "@" + node;
  }

  static List<FactSet> factSets() {
    return List.of(new BaseFacts(), new io.pagetune.pages.PageFacts());
  }
}
