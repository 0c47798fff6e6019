package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * 1,000 Linux server CIs as the Table API sends them with {@code sysparm_display_value=all}: every
 * field {@code {display_value, value}}, the support group a reference with its {@code link}, the
 * class's display name ("Linux Server") unlike its value ({@code cmdb_ci_linux_server}). CI {@code
 * i} (1..1000) is {@code lnx%04d.example.com} at {@code 10.20.(i/256).(i%256)}; its OS is by {@code
 * i % 3}, its environment by {@code i % 4}, and its support group none when {@code i % 5 == 0},
 * else Linux Ops for even {@code i} and SAP Basis for odd.
 */
final class CmdbFixture {
  static final int CIS = 1000;
  static final String[] OS = {"Linux Red Hat", "SUSE Linux Enterprise", "Oracle Linux 8"};
  static final String[] USED_FOR = {"Production", "Test", "Development", "QA"};

  private CmdbFixture() {}

  static String fqdn(int i) {
    return String.format("lnx%04d.example.com", i);
  }

  static String ip(int i) {
    return "10.20." + (i / 256) + "." + (i % 256);
  }

  static String team(int i) {
    return i % 5 == 0 ? "" : i % 2 == 0 ? "Linux Ops" : "SAP Basis";
  }

  static String sysId(int i) {
    return String.format("%032x", i);
  }

  /** The groups CI {@code i} belongs to, as the plugin file of the tests names them. */
  static List<String> groups(int i) {
    List<String> out = new ArrayList<>();
    out.add("os_" + OS[i % 3].replace(' ', '_'));
    out.add("class_Linux_Server");
    out.add("env_" + USED_FOR[i % 4]);
    if (!team(i).isEmpty()) {
      out.add("team_" + team(i).replace(' ', '_'));
    }
    return out;
  }

  /** The {@code result} rows of CIs {@code from..to} (inclusive), as one page's body. */
  static String page(String instance, int from, int to) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("sys_id", field(sysId(i)));
      row.put("fqdn", field(fqdn(i)));
      row.put("name", field(String.format("lnx%04d", i)));
      row.put("ip_address", field(ip(i)));
      row.put("os", field(OS[i % 3]));
      row.put("os_version", field("8." + (i % 10)));
      row.put(
          "sys_class_name",
          Map.of("display_value", "Linux Server", "value", "cmdb_ci_linux_server"));
      row.put("used_for", field(USED_FOR[i % 4]));
      String groupId = team(i).isEmpty() ? "" : team(i).equals("Linux Ops") ? "1a2b" : "3c4d";
      row.put(
          "support_group",
          team(i).isEmpty()
              ? Map.of("display_value", "", "value", "")
              : Map.of(
                  "display_value",
                  team(i),
                  "link",
                  instance + "/api/now/table/sys_user_group/" + groupId,
                  "value",
                  groupId));
      rows.add(row);
    }
    try {
      return new ObjectMapper().writeValueAsString(Map.of("result", rows));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> field(String value) {
    return Map.of("display_value", value, "value", value);
  }
}
