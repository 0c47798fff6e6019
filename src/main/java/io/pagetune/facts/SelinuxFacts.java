package io.pagetune.facts;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code ansible_selinux} as Ansible's selinux facts give it through libselinux: {@code disabled}
 * without a mounted selinuxfs, else {@code enabled} with {@code mode} (selinuxfs {@code enforce}),
 * {@code policyvers}, {@code config_mode} and {@code type} ({@code SELINUX=} and {@code
 * SELINUXTYPE=} of /etc/selinux/config, selinux_config(5)).
 */
final class SelinuxFacts {
  static final String SCRIPT =
      "for d in /sys/fs/selinux /selinux; do if [ -f \"$d/enforce\" ]; then"
          + " echo \"enforce $(cat $d/enforce)\"; echo \"policyvers $(cat $d/policyvers)\";"
          + " break; fi; done\n"
          + "sed -n 's/^[ \\t]*\\(SELINUX\\|SELINUXTYPE\\)=[ \\t]*\\([^ \\t#]*\\).*/\\1 \\2/p'"
          + " /etc/selinux/config\n"
          + "exit 0";

  static final Fact<String> FACT = new SimpleFact<>("selinux", SCRIPT, r -> r.stdout());

  private SelinuxFacts() {}

  static Map<String, Object> parse(String out) {
    Map<String, String> v = new LinkedHashMap<>();
    for (String l : (out == null ? "" : out).split("\n")) {
      String[] kv = l.strip().split("\\s+", 2);
      if (kv.length == 2) {
        v.putIfAbsent(kv[0], kv[1].replace("\"", ""));
      }
    }
    Map<String, Object> s = new LinkedHashMap<>();
    if (!v.containsKey("enforce")) {
      s.put("status", "disabled");
      return s;
    }
    s.put("status", "enabled");
    s.put("policyvers", number(v.get("policyvers")));
    s.put("config_mode", mode(v.get("SELINUX")));
    s.put("mode", v.get("enforce").equals("1") ? "enforcing" : "permissive");
    s.put("type", v.getOrDefault("SELINUXTYPE", "unknown"));
    return s;
  }

  private static Object number(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException | NullPointerException e) {
      return "unknown";
    }
  }

  private static String mode(String s) {
    if (s == null) {
      return "unknown";
    }
    return switch (s.toLowerCase(java.util.Locale.ROOT)) {
      case "enforcing", "permissive", "disabled" -> s.toLowerCase(java.util.Locale.ROOT);
      default -> "unknown";
    };
  }
}
