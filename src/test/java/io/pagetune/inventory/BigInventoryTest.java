package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated fleet inventory of 10,000 hosts with 25 variables each is a legitimate input, not an
 * alias bomb: it loads, in YAML and in INI, and quickly.
 */
class BigInventoryTest {
  private static final int HOSTS = 10_000;
  private static final int VARS = 25;
  private static final Duration FAST_ENOUGH = Duration.ofSeconds(20);

  @TempDir Path dir;

  private static String host(int i) {
    return String.format("db%05d.example.com", i);
  }

  private Path yamlInventory() throws Exception {
    Path file = dir.resolve("fleet.yml");
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      w.write("all:\n  children:\n    oracle_db:\n      hosts:\n");
      for (int i = 0; i < HOSTS; i++) {
        w.write("        " + host(i) + ":\n");
        for (int v = 0; v < VARS; v++) {
          w.write(String.format("          oracle_sga_part_%02d: %d%n", v, 1_073_741_824L * v + i));
        }
      }
    }
    return file;
  }

  @Test
  void tenThousandHostsWithTwentyFiveVariablesLoad() throws Exception {
    Path file = yamlInventory();
    assertTrue(Files.size(file) > 10_000_000, "the inventory is as big as a real fleet's");
    long start = cpuNanos();
    Inventory inventory = new InventoryLoader(dir).load(file);
    Duration took = Duration.ofNanos(cpuNanos() - start);
    assertEquals(HOSTS, inventory.hosts().size());
    assertEquals(HOSTS, inventory.hostsIn("oracle_db").size());
    Map<String, Object> last = inventory.host(host(HOSTS - 1)).orElseThrow().vars().resolve();
    assertEquals(1_073_741_824L * 24 + HOSTS - 1, last.get("oracle_sga_part_24"));
    assertTrue(took.compareTo(FAST_ENOUGH) < 0, "took " + took + " of CPU");
  }

  /**
   * CPU time of this thread: wall time depends on what else the machine runs; anything quadratic in
   * the host count would take minutes either way.
   */
  private static long cpuNanos() {
    return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  @Test
  void tenThousandHostsLoadFromIniToo() throws Exception {
    Path file = dir.resolve("fleet.ini");
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      w.write("[oracle_db]\n");
      for (int i = 0; i < HOSTS; i++) {
        StringBuilder line = new StringBuilder(host(i));
        for (int v = 0; v < VARS; v++) {
          line.append(String.format(" oracle_sga_part_%02d=%d", v, 1_073_741_824L * v + i));
        }
        w.write(line + "\n");
      }
    }
    long start = cpuNanos();
    Inventory inventory = new InventoryLoader(dir).load(file);
    Duration took = Duration.ofNanos(cpuNanos() - start);
    assertEquals(HOSTS, inventory.hostsIn("oracle_db").size());
    assertTrue(took.compareTo(FAST_ENOUGH) < 0, "took " + took + " of CPU");
    assertEquals(
        1_073_741_824L * 3 + 17,
        inventory.host(host(17)).orElseThrow().vars().resolve().get("oracle_sga_part_03"));
  }

  /** The whole way a user goes: {@code pagetune inventory --list} over the big file. */
  @Test
  void inventoryListOfTheFleetSucceeds() throws Exception {
    Path file = yamlInventory();
    CliRun run = CliRun.of("inventory", "-i", file.toString(), "--host", host(4242));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("\"oracle_sga_part_24\""), run.out());
  }
}
