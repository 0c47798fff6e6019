package io.pagetune.linux;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.lab.LabConnection;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Runs the real {@link LinuxBootConfig} snippet on a lab host whose root is a fixture host tree
 * under {@code src/test/resources/facts/boot_config/<name>} and parses what it prints: the snippet,
 * the lab's path mapping and the parser are tested together, on real files and links.
 */
final class BootConfigFixture {
  private BootConfigFixture() {}

  static String output(Path root) throws IOException, InterruptedException {
    Map<String, Object> vars =
        Map.of("ansible_connection", "lab", "pagetune_lab_root", root.toAbsolutePath().toString());
    try (Connection lab =
        LabConnection.factory().open(ConnectionSpec.fromVars("boot-config-fixture", vars))) {
      return lab.run(RemoteCommand.script(LinuxBootConfig.script()), Duration.ofSeconds(30))
          .stdout();
    }
  }

  static LinuxBootConfig of(String name) throws IOException, InterruptedException {
    return LinuxBootConfig.parse(output(Path.of("src/test/resources/facts/boot_config", name)));
  }
}
