package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.error.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class InventoryReportTest {
  private final ObjectMapper json = new ObjectMapper();
  private final InventoryReport report = new InventoryReport(Fixtures.load("same/hosts.ini"));

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static List<String> fieldNames(JsonNode object) {
    List<String> out = new ArrayList<>();
    Iterator<String> it = object.fieldNames();
    it.forEachRemaining(out::add);
    return out;
  }

  @Test
  void listHasGroupsAndResolvedHostvars() throws IOException {
    JsonNode root = json.readTree(report.list());
    assertEquals(List.of("prod", "ungrouped"), texts(root.at("/all/children")));
    assertFalse(root.get("all").has("hosts"));
    assertEquals(List.of("db", "web"), texts(root.at("/prod/children")));
    assertEquals("production", root.at("/prod/vars/env").asText());
    assertEquals(
        List.of(
            "web1.example.com", "web2.example.com", "web3.example.com", "web-canary.example.com"),
        texts(root.at("/web/hosts")));
    assertEquals(List.of("bastion.example.com"), texts(root.at("/ungrouped/hosts")));
    JsonNode canary = root.at("/_meta/hostvars/web-canary.example.com");
    assertEquals(8080, canary.get("http_port").asInt());
    assertTrue(canary.get("canary").isBoolean());
    assertEquals("42", canary.get("tag").textValue());
    assertEquals("production", canary.get("env").asText());
    assertFalse(canary.has("inventory_hostname"), "magic variables are not listed");
    assertFalse(canary.has("groups"));
    assertEquals(8, root.at("/_meta/hostvars").size());
    List<String> keys = fieldNames(root);
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(null);
    assertEquals(sorted, keys, "keys are sorted");
    assertTrue(report.list().contains("\n    \"_meta\": {"), "four-space indent");
  }

  @Test
  void emptyGroupsAreLeftOutOfTheList() throws IOException {
    JsonNode root =
        json.readTree(new InventoryReport(Fixtures.load("precedence/hosts.yml")).list());
    assertFalse(root.has("ungrouped"));
    assertTrue(texts(root.at("/all/children")).contains("ungrouped"));
    assertEquals("all", root.at("/all/vars/level").asText());
  }

  @Test
  void graphIsATextTree() throws IOException {
    String expected = Files.readString(Fixtures.path("same/graph.txt"));
    assertEquals(expected, report.graph());
    assertEquals("@db:\n  |--db01\n  |--db02\n  |--db03\n", report.graph("db"));
  }

  @Test
  void graphOfUnknownGroupIsAnInputError() {
    InputException e = assertThrows(InputException.class, () -> report.graph("dbs"));
    assertEquals("--graph:1:1: unknown group 'dbs'; did you mean 'db'?", e.getMessage());
  }

  @Test
  void hostPrintsResolvedVariablesSorted() throws IOException {
    String text = report.host("db02");
    JsonNode vars = json.readTree(text);
    assertEquals(
        List.of("ansible_user", "env", "http_port", "max_conn", "ntp_servers"), fieldNames(vars));
    assertEquals("oracle", vars.get("ansible_user").asText());
    assertEquals(0, vars.get("http_port").asInt());
    assertEquals(List.of("ntp1", "ntp2"), texts(vars.get("ntp_servers")));
    assertTrue(text.startsWith("{\n    \"ansible_user\": \"oracle\","), text);
  }

  @Test
  void unknownHostIsAnInputError() {
    InputException e = assertThrows(InputException.class, () -> report.host("db4"));
    assertEquals("--host:1:1: unknown host 'db4'; did you mean 'db01'?", e.getMessage());
  }
}
