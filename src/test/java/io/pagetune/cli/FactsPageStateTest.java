package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pagetune facts} shows every target's page states in one shape (text and JSON). */
class FactsPageStateTest {
  private static final List<String> SHAPE =
      List.of(
          "desired",
          "effective",
          "effective_value",
          "pending_restart",
          "persisted",
          "persisted_value",
          "reasons",
          "target");

  @TempDir Path tmp;

  private Path inventory() throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (String h : new String[] {"pase-nwp", "sol-web256", "sol-web7stock"}) {
      sb.append("    ")
          .append(h)
          .append(": {ansible_connection: lab, pagetune_lab_root: '")
          .append(tmp.resolve("roots").resolve(h))
          .append("'}\n");
    }
    Path inv = tmp.resolve("hosts.yml");
    Files.writeString(inv, sb.toString());
    return inv;
  }

  @Test
  void jsonCarriesTheSamePageStateShapeForEveryTarget() throws Exception {
    CliRun run = CliRun.of("facts", "-i", inventory().toString(), "--output", "json");
    assertEquals(0, run.exitCode(), run::toString);
    JsonNode hosts = new ObjectMapper().readTree(run.out()).get("hosts");
    Map<String, JsonNode> byTarget = new java.util.LinkedHashMap<>();
    for (String h : List.of("pase-nwp", "sol-web256", "sol-web7stock")) {
      for (JsonNode s : hosts.get(h).get("page_state")) {
        List<String> keys = new ArrayList<>();
        s.fieldNames().forEachRemaining(keys::add);
        assertEquals(SHAPE, new ArrayList<>(new TreeSet<>(keys)), h + ": " + s);
        byTarget.put(h + " " + s.get("target").asText(), s);
      }
    }
    JsonNode nwp = byTarget.get("pase-nwp sap/NWP");
    assertFalse(nwp.get("effective").asBoolean(), nwp::toString);
    assertEquals("64K/64K/4K/4K", nwp.get("effective_value").asText());
    assertTrue(nwp.get("desired").asText().startsWith("LDR_CNTRL="), nwp::toString);
    JsonNode web = byTarget.get("sol-web256 web/https-web1");
    assertTrue(web != null, byTarget.keySet()::toString);
    assertEquals("8K:100%", web.get("effective_value").asText());
    assertFalse(web.get("effective").asBoolean());
    assertTrue(
        byTarget.keySet().stream().anyMatch(k -> k.startsWith("sol-web7stock web/https-shop")),
        byTarget.keySet()::toString);
  }

  @Test
  void textListsEachPageStateWithTheSameFields() throws Exception {
    CliRun run = CliRun.of("facts", "-i", inventory().toString());
    assertEquals(0, run.exitCode(), run::toString);
    String states = run.out().substring(run.out().indexOf("\nPAGE STATE\n"));
    List<String> lines = states.lines().filter(l -> !l.isBlank()).skip(1).toList();
    assertTrue(lines.size() >= 3, states);
    for (String l : lines) {
      assertTrue(
          l.matches(
              "\\S+  \\S+  desired=.+  persisted=(yes|no).*  effective=(yes|no).*"
                  + "  pending_restart=(yes|no)"),
          l);
    }
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.startsWith("pase-nwp  sap/NWP  desired=LDR_CNTRL=")
                        && l.contains("effective=no (64K/64K/4K/4K)")),
        states);
  }
}
