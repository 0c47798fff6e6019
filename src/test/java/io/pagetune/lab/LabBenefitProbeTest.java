package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab SAP system restarted by run-due in its window with a benefit probe: the probe runs before
 * and after, its medians reach the restart's result, the state store and the JSON restart event.
 */
class LabBenefitProbeTest {
  private static final String MONDAY_MORNING = "2026-11-30T10:00:00+01:00";
  private static final String SUNDAY_IN_WINDOW = "2026-12-06T02:30:00+01:00";

  @TempDir Path tmp;

  private Path inventory() throws Exception {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"sap_ibmi.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    Path log = tmp.resolve("probe.log");
    Files.writeString(
        inv.resolve("lab.yml"),
        "all:\n  children:\n    sap_ibmi:\n      hosts:\n        pase-nwp:\n"
            + "          ansible_connection: lab\n"
            + "          pagetune_lab_root: '"
            + tmp.resolve("roots/pase-nwp")
            + "'\n"
            + "          benefit_probe: {command: \"echo run >> '"
            + log
            + "'\", runs: 3}\n");
    return inv.resolve("lab.yml");
  }

  private CliRun cli(String now, String... args) {
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", tmp.resolve("state.db").toString(), "PAGETUNE_NOW", now), args);
  }

  @Test
  void runDueReportsTheMediansAsAJsonRestartEvent() throws Exception {
    Path inv = inventory();
    CliRun apply =
        cli(
            MONDAY_MORNING,
            "run",
            "playbooks/site.yml",
            "-i",
            inv.toString(),
            "--limit",
            "sap_ibmi");
    assertEquals(0, apply.exitCode(), apply.toString());

    CliRun due =
        cli(SUNDAY_IN_WINDOW, "schedule", "run-due", "-i", inv.toString(), "--output", "json");
    assertEquals(0, due.exitCode(), due.toString());
    JsonNode event = new ObjectMapper().readTree(due.out().lines().findFirst().orElseThrow());
    assertEquals("restart", event.get("event").asText(), due.out());
    assertEquals("done", event.get("status").asText(), due.out());
    assertEquals("sap_system", event.get("kind").asText(), due.out());
    assertTrue(event.get("result").asText().contains("benefit probe: before median"), due.out());
    JsonNode benefit = event.get("benefit");
    assertEquals(3, benefit.get("before_runs").asInt(), due.out());
    assertEquals(3, benefit.get("after_runs").asInt(), due.out());
    assertTrue(benefit.get("before_median_seconds").isNumber(), due.out());
    assertTrue(benefit.get("after_median_seconds").isNumber(), due.out());
    assertTrue(benefit.get("problem").isNull(), due.out());
    // three runs before the restart, three after it was verified, on the host itself
    assertEquals(6, Files.readAllLines(tmp.resolve("probe.log")).size());
  }

  @Test
  void aRestartThatRunsAtTheEndOfTheRunIsAJsonRestartEventBeforeTheRecap() throws Exception {
    Path inv = inventory();
    CliRun run =
        cli(
            SUNDAY_IN_WINDOW,
            "run",
            "playbooks/site.yml",
            "-i",
            inv.toString(),
            "--limit",
            "sap_ibmi",
            "--output",
            "json");
    assertEquals(0, run.exitCode(), run.toString());
    ObjectMapper json = new ObjectMapper();
    java.util.List<JsonNode> events = new java.util.ArrayList<>();
    for (String line : run.out().lines().toList()) {
      events.add(json.readTree(line));
    }
    java.util.List<String> names = events.stream().map(e -> e.get("event").asText()).toList();
    int restart = names.indexOf("restart");
    assertTrue(restart > 0, run.out());
    assertEquals(names.size() - 1, names.indexOf("run_finished"), run.out());
    assertTrue(restart < names.indexOf("run_finished"), run.out());
    JsonNode event = events.get(restart);
    assertEquals("done", event.get("status").asText(), run.out());
    assertEquals("sap_system", event.get("kind").asText(), run.out());
    assertEquals("pase-nwp", event.get("host").asText(), run.out());
    JsonNode benefit = event.get("benefit");
    assertEquals(3, benefit.get("before_runs").asInt(), run.out());
    assertEquals(3, benefit.get("after_runs").asInt(), run.out());
    assertTrue(benefit.get("after_median_seconds").isNumber(), run.out());
    assertEquals(6, Files.readAllLines(tmp.resolve("probe.log")).size());
  }
}
