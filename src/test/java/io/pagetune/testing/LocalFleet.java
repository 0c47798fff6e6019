package io.pagetune.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A YAML inventory of N local-connection hosts h1..hN, each with its own root directory. */
public final class LocalFleet {
  private LocalFleet() {}

  public static Path write(Path dir, int hosts) throws IOException {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (int i = 1; i <= hosts; i++) {
      sb.append("    h").append(i).append(":\n");
      sb.append("      ansible_connection: local\n");
      sb.append("      root: ").append(dir.resolve("h" + i)).append('\n');
    }
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, sb.toString());
    return inventory;
  }
}
