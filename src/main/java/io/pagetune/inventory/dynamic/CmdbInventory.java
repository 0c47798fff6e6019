package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * CMDB rows as an inventory: each CI is a host named by its hostname field, in a group per {@code
 * group_by} field ({@code <prefix>_<display value>}, characters other than letters, digits and
 * {@code _} replaced by {@code _} as Ansible makes group names safe), with its {@code host_vars}
 * fields' display values as variables. Display values, because a reference field's value is a
 * sys_id and people name groups by what the CMDB shows ({@code Linux Ops}, {@code Production}).
 */
final class CmdbInventory {
  private CmdbInventory() {}

  static InventoryDocument of(
      String source, CmdbSettings settings, List<JsonNode> rows, Consumer<String> warnings) {
    Map<String, List<String>> groups = new LinkedHashMap<>();
    Map<String, Map<String, Object>> hostVars = new LinkedHashMap<>();
    int unnamed = 0;
    List<String> twice = new ArrayList<>();
    for (JsonNode row : rows) {
      String host = display(row, settings.hostnameField()).strip();
      if (host.isEmpty() || host.chars().anyMatch(c -> Character.isWhitespace(c))) {
        unnamed++;
        continue;
      }
      if (hostVars.containsKey(host)) {
        twice.add(host);
        continue;
      }
      Map<String, Object> vars = new LinkedHashMap<>();
      settings.hostVars().forEach((name, field) -> vars.put(name, display(row, field)));
      hostVars.put(host, vars);
      settings
          .groupBy()
          .forEach(
              (field, prefix) -> {
                String value = display(row, field).strip();
                if (!value.isEmpty()) {
                  groups
                      .computeIfAbsent(groupName(prefix, value), g -> new ArrayList<>())
                      .add(host);
                }
              });
    }
    if (unnamed > 0) {
      warnings.accept(
          source
              + ": "
              + unnamed
              + " CI(s) of "
              + settings.table()
              + " without a usable "
              + settings.hostnameField()
              + " left out");
    }
    if (!twice.isEmpty()) {
      warnings.accept(
          source + ": CIs sharing a " + settings.hostnameField() + ", first kept: " + twice);
    }
    Map<String, Object> bodies = new LinkedHashMap<>();
    bodies.put("all", Map.of("hosts", List.copyOf(hostVars.keySet())));
    groups.forEach((g, hosts) -> bodies.put(g, Map.of("hosts", List.copyOf(hosts))));
    return new InventoryDocument(source, bodies, hostVars);
  }

  /** {@code <prefix>_<value>}, or the value alone for an empty prefix, made a safe group name. */
  static String groupName(String prefix, String value) {
    String name = prefix.isEmpty() ? value : prefix + "_" + value;
    return name.replaceAll("[^A-Za-z0-9_]", "_");
  }

  /** The display value of a field ({@code {display_value, value, link}}), or its text. */
  static String display(JsonNode row, String field) {
    JsonNode n = row.get(field);
    if (n == null || n.isNull()) {
      return "";
    }
    if (n.isObject()) {
      JsonNode d = n.get("display_value");
      return d == null || d.isNull() ? n.path("value").asText("") : d.asText("");
    }
    return n.asText("");
  }
}
