package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowsCommandTest {
  @TempDir Path dir;

  @Test
  void showsEachHostsNextOpeningsInLocalAndUtcTime() throws Exception {
    Files.copy(Path.of("inventory/windows.yml"), dir.resolve("windows.yml"));
    Path inv = dir.resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  hosts:\n    sap1:\n      pagetune_change_window: sap-prd-sunday\n    web1:\n"
            + "      pagetune_change_window: web-weeknights\n    loose:\n");
    CliRun run =
        CliRun.of("windows", "-i", inv.toString(), "--now", "2026-11-29T12:00:00Z", "--count", "2");
    assertEquals(0, run.exitCode(), run.toString());
    // Sunday 6 Dec 2026 02:00 in Berlin is 01:00 UTC; 29 Nov 02:00 has already passed
    assertTrue(run.out().contains("2026-12-06"), run.out());
    assertTrue(run.out().contains("01:00"), run.out());
    assertTrue(run.out().contains("no change window"), run.out());
  }

  @Test
  void unknownWindowNameIsInvalidInput() throws Exception {
    Files.copy(Path.of("inventory/windows.yml"), dir.resolve("windows.yml"));
    Path inv = dir.resolve("hosts.yml");
    Files.writeString(
        inv, "all:\n  hosts:\n    sap1:\n      pagetune_change_window: sap-prd-sundy\n");
    CliRun run = CliRun.of("windows", "-i", inv.toString());
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(run.err().contains("did you mean 'sap-prd-sunday'"), run.toString());
  }
}
