package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One unreachable host no longer makes the facts table as wide as its error message. */
class FactsTableWidthTest {
  @TempDir Path dir;

  @Test
  void theFactsTableFitsColumns() throws Exception {
    int closed;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    here: {ansible_connection: local}\n"
                + "    gone: {ansible_host: 127.0.0.1, ansible_port: "
                + closed
                + "}\n");
    CliRun wide = CliRun.of("facts", "-i", inv.toString());
    assertEquals(3, wide.exitCode(), wide::toString);
    String gone = wide.out().lines().filter(l -> l.startsWith("gone")).findFirst().orElseThrow();
    assertTrue(gone.endsWith("connection refused"), "off a terminal nothing is cut: " + gone);

    CliRun fitted = CliRun.withEnv(Map.of("COLUMNS", "70"), "facts", "-i", inv.toString());
    assertEquals(3, fitted.exitCode(), fitted::toString);
    String table = fitted.out().split("\n\nPAGE STATE\n")[0];
    for (String line : table.split("\n")) {
      assertTrue(line.length() <= 70, line.length() + ": " + line);
    }
    assertTrue(table.lines().anyMatch(l -> l.startsWith("gone") && l.contains("UNREACH")), table);
    assertTrue(!table.contains("connection refused") && table.contains("…"), table);
    assertTrue(table.lines().anyMatch(l -> l.startsWith("here")), table);
  }
}
