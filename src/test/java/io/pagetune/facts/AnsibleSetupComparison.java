package io.pagetune.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares pagetune's assembled facts with {@code ansible -m setup}'s {@code ansible_facts} of the
 * same host: every fact pagetune gives must be there with the same value; values that move by the
 * second (free memory, free blocks, the clock) only within a small distance.
 */
final class AnsibleSetupComparison {
  /** Facts whose values change while the two gatherings run. */
  private static final Set<String> MOVING = Set.of("memfree_mb", "memory_mb", "date_time");

  /** pagetune's own facts, which Ansible does not have. */
  private static final Set<String> PAGETUNE_ONLY =
      Set.of("pages", "meminfo", "gather_subset", "module_setup");

  private AnsibleSetupComparison() {}

  static List<String> differences(Map<String, Object> ours, Map<String, Object> ansible) {
    List<String> diffs = new ArrayList<>();
    for (Map.Entry<String, Object> e : ours.entrySet()) {
      String name = e.getKey();
      if (PAGETUNE_ONLY.contains(name)) {
        continue;
      }
      Object theirs = ansible.get("ansible_" + name);
      if (!ansible.containsKey("ansible_" + name)) {
        diffs.add(name + ": Ansible has no such fact");
      } else if (name.equals("mounts")) {
        compareMounts(e.getValue(), theirs, diffs);
      } else if (name.equals("env")) {
        compareEnv(e.getValue(), theirs, diffs);
      } else if (name.startsWith("virtualization_tech") || name.equals("interfaces")) {
        // sets in Ansible; interfaces in /sys/class/net's order, which this kernel varies
        // between two listings
        if (!new HashSet<>((List<?>) e.getValue()).equals(new HashSet<>((List<?>) theirs))) {
          diffs.add(name + ": " + e.getValue() + " vs Ansible's " + theirs);
        }
      } else if (MOVING.contains(name)) {
        compareMoving(name, e.getValue(), theirs, diffs);
      } else if (!normal(e.getValue()).equals(normal(theirs))) {
        diffs.add(name + ": " + e.getValue() + " vs Ansible's " + theirs);
      }
    }
    return diffs;
  }

  /** JSON numbers come back as Integer or Long; compare them as text. */
  private static Object normal(Object v) {
    if (v instanceof Number n) {
      return String.valueOf(n.longValue());
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), normal(x)));
      return new java.util.TreeMap<>(out);
    }
    if (v instanceof List<?> l) {
      return l.stream().map(AnsibleSetupComparison::normal).toList();
    }
    return v;
  }

  private static void compareMoving(String name, Object ours, Object theirs, List<String> diffs) {
    if (name.equals("date_time")) {
      Map<?, ?> a = (Map<?, ?>) ours;
      Map<?, ?> b = (Map<?, ?>) theirs;
      if (!new HashSet<>(a.keySet()).equals(new HashSet<>(b.keySet()))) {
        diffs.add("date_time keys: " + a.keySet() + " vs Ansible's " + b.keySet());
      }
      for (String exact : List.of("tz", "tz_dst", "tz_offset")) {
        if (!String.valueOf(a.get(exact)).equals(String.valueOf(b.get(exact)))) {
          diffs.add("date_time." + exact + ": " + a.get(exact) + " vs " + b.get(exact));
        }
      }
      long ea = Instant.parse((String) a.get("iso8601")).getEpochSecond();
      long eb = Instant.parse((String) b.get("iso8601")).getEpochSecond();
      if (Math.abs(ea - Long.parseLong((String) a.get("epoch"))) != 0) {
        diffs.add("date_time: iso8601 and epoch disagree: " + a);
      }
      if (ea / 86400 == eb / 86400 && !a.get("weekday").equals(b.get("weekday"))) {
        diffs.add("date_time.weekday: " + a.get("weekday") + " vs " + b.get("weekday"));
      }
      if (Math.abs(ea - eb) > 600) {
        diffs.add("date_time: " + a.get("iso8601") + " vs Ansible's " + b.get("iso8601"));
      }
      for (Object k : a.keySet()) {
        if (String.valueOf(a.get(k)).length() != String.valueOf(b.get(k)).length()) {
          diffs.add("date_time." + k + " format: " + a.get(k) + " vs " + b.get(k));
        }
      }
      return;
    }
    // memory: totals exact, the rest within 10% of the total
    Object n = normal(ours);
    Object t = normal(theirs);
    if (n instanceof String s && t instanceof String u) {
      if (Math.abs(Long.parseLong(s) - Long.parseLong(u)) > Math.max(64, Long.parseLong(u) / 10)) {
        diffs.add(name + ": " + s + " vs Ansible's " + u);
      }
    } else if (!String.valueOf(keysOf(n)).equals(String.valueOf(keysOf(t)))) {
      diffs.add(name + ": " + n + " vs Ansible's " + t);
    }
  }

  private static Object keysOf(Object v) {
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> out = new java.util.TreeMap<>();
      m.forEach((k, x) -> out.put(k, keysOf(x)));
      return out;
    }
    return "";
  }

  private static void compareMounts(Object ours, Object theirs, List<String> diffs) {
    List<?> a = (List<?>) ours;
    List<?> b = (List<?>) theirs;
    assertEquals(b.size(), a.size(), "mounts: " + a + " vs Ansible's " + b);
    for (int i = 0; i < a.size(); i++) {
      Map<?, ?> x = (Map<?, ?>) normal(a.get(i));
      Map<?, ?> y = (Map<?, ?>) normal(b.get(i));
      if (!x.keySet().equals(y.keySet())) {
        diffs.add("mount keys: " + x.keySet() + " vs " + y.keySet());
      }
      for (Object k : x.keySet()) {
        String key = String.valueOf(k);
        boolean moving = key.endsWith("_available") || key.endsWith("_used");
        if (!moving && !String.valueOf(x.get(k)).equals(String.valueOf(y.get(k)))) {
          diffs.add("mount " + x.get("mount") + " " + k + ": " + x.get(k) + " vs " + y.get(k));
        }
      }
    }
  }

  /** The variables both see from the same parent; the shell's own ones differ by nature. */
  private static void compareEnv(Object ours, Object theirs, List<String> diffs) {
    Map<?, ?> a = (Map<?, ?>) ours;
    Map<?, ?> b = (Map<?, ?>) theirs;
    Set<String> shellOwn = Set.of("_", "SHLVL", "PWD", "OLDPWD");
    assertTrue(a.containsKey("PATH") && a.containsKey("HOME"), "env: " + a.keySet());
    for (Object k : b.keySet()) {
      if (!shellOwn.contains(String.valueOf(k))
          && !String.valueOf(b.get(k)).equals(String.valueOf(a.get(k)))) {
        diffs.add("env." + k + ": " + a.get(k) + " vs Ansible's " + b.get(k));
      }
    }
  }
}
