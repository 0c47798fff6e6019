package io.pagetune.facts;

import io.pagetune.connection.CommandResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The general facts every play gathers ({@code gather_facts: true}), in one round trip, exposed as
 * {@code ansible_facts.<name>} and {@code ansible_<name>} like Ansible's setup module.
 */
public final class BaseFacts implements FactSet {
  private static final Pattern MEMINFO_LINE =
      Pattern.compile("^([A-Za-z0-9_()]+):\\s+([0-9]+)(?:\\s*kB)?\\s*$", Pattern.MULTILINE);
  private static final Pattern OS_RELEASE_LINE =
      Pattern.compile("^([A-Z_]+)=\"?([^\"\\n]*)\"?\\s*$", Pattern.MULTILINE);

  public static final Fact<String> SYSTEM = SimpleFact.text("system", "uname -s");
  public static final Fact<String> KERNEL = SimpleFact.text("kernel", "uname -r");
  public static final Fact<String> ARCHITECTURE = SimpleFact.text("architecture", "uname -m");
  public static final Fact<String> NODENAME = SimpleFact.text("nodename", "uname -n");
  public static final Fact<String> USER_ID = SimpleFact.text("user_id", "id -un");
  public static final Fact<String> VCPUS =
      SimpleFact.text("processor_vcpus", "getconf _NPROCESSORS_ONLN");
  public static final Fact<Map<String, String>> OS_RELEASE =
      new SimpleFact<>("os_release", "cat /etc/os-release", BaseFacts::parseOsRelease);
  public static final Fact<Map<String, Long>> MEMINFO =
      new SimpleFact<>("meminfo", "cat /proc/meminfo", BaseFacts::parseMeminfo);

  @Override
  public List<Fact<?>> facts() {
    return List.of(SYSTEM, KERNEL, ARCHITECTURE, NODENAME, USER_ID, VCPUS, OS_RELEASE, MEMINFO);
  }

  /** /proc/meminfo as name → number (kB for sized fields, a count for HugePages_*). */
  static Map<String, Long> parseMeminfo(CommandResult r) {
    Map<String, Long> out = new LinkedHashMap<>();
    Matcher m = MEMINFO_LINE.matcher(r.stdout());
    while (m.find()) {
      out.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return out;
  }

  static Map<String, String> parseOsRelease(CommandResult r) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = OS_RELEASE_LINE.matcher(r.stdout());
    while (m.find()) {
      out.put(m.group(1), m.group(2));
    }
    return out;
  }

  /** Turns gathered values into the {@code ansible_facts} map. */
  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Object> assemble(Map<String, Object> gathered) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("system", gathered.get("system"));
    f.put("kernel", gathered.get("kernel"));
    f.put("architecture", gathered.get("architecture"));
    String node = (String) gathered.get("nodename");
    f.put("nodename", node);
    f.put("hostname", node == null ? null : node.split("\\.", 2)[0]);
    f.put("user_id", gathered.get("user_id"));
    Object vcpus = gathered.get("processor_vcpus");
    f.put("processor_vcpus", vcpus == null ? null : parseLongOrNull(vcpus.toString()));
    Map<String, String> os = (Map<String, String>) gathered.getOrDefault("os_release", Map.of());
    f.put(
        "distribution",
        os.getOrDefault(
            "NAME", gathered.get("system") == null ? null : (String) gathered.get("system")));
    f.put("distribution_version", os.get("VERSION_ID"));
    Map<String, Long> mem = (Map<String, Long>) gathered.getOrDefault("meminfo", Map.of());
    f.put("meminfo", mem);
    f.put("memtotal_mb", mem.containsKey("MemTotal") ? mem.get("MemTotal") / 1024 : null);
    f.put("memfree_mb", mem.containsKey("MemFree") ? mem.get("MemFree") / 1024 : null);
    f.values().removeIf(java.util.Objects::isNull);
    return f;
  }

  private static Long parseLongOrNull(String s) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
