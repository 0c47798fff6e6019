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
      Pattern.compile("^([A-Z0-9_]+)=(.*)$", Pattern.MULTILINE);

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
  // IBM i PASE reports its version here (uname -v 7, uname -r 4: IBM i 7.4), as AIX does
  public static final Fact<String> KERNEL_VERSION = SimpleFact.text("kernel_version", "uname -v");
  public static final Fact<String> DEBIAN_VERSION =
      SimpleFact.text("debian_version", "cat /etc/debian_version");
  // only read where it means the Solaris release (another system may hold an unrelated file)
  public static final Fact<String> SOLARIS_RELEASE =
      SimpleFact.text("solaris_release", "[ \"`uname -s`\" = SunOS ] && cat /etc/release");
  public static final Fact<String> SUSE_BASEPRODUCT =
      SimpleFact.text("suse_baseproduct", "readlink /etc/products.d/baseproduct");
  public static final Fact<String> AIX_OSLEVEL =
      SimpleFact.text("aix_oslevel", "[ \"`uname -s`\" = AIX ] && /usr/bin/oslevel");

  /** The facts of each collector; {@code uname} answers are gathered always (others read them). */
  private static final Map<String, List<Fact<?>>> BY_COLLECTOR =
      Map.of(
          "platform",
          List.of(NODENAME, NetworkFacts.FQDN),
          "user",
          List.of(USER_ID),
          "distribution",
          List.of(OS_RELEASE, DEBIAN_VERSION, SOLARIS_RELEASE, AIX_OSLEVEL, SUSE_BASEPRODUCT),
          "hardware",
          List.of(VCPUS, MEMINFO, MemoryTotal.FACT),
          "network",
          List.of(NetworkFacts.DEFAULT_IPV4));

  @Override
  public List<Fact<?>> facts() {
    return facts(GatherSubset.ALL);
  }

  @Override
  public List<Fact<?>> facts(GatherSubset subset) {
    List<Fact<?>> out =
        new java.util.ArrayList<>(List.of(SYSTEM, KERNEL, ARCHITECTURE, KERNEL_VERSION));
    for (String c : List.of("platform", "user", "distribution", "hardware", "network")) {
      if (subset.includes(c) || (c.equals("distribution") && subset.includes("pkg_mgr"))) {
        out.addAll(BY_COLLECTOR.get(c));
      }
    }
    return out;
  }

  /** The distribution facts from what was gathered (pkg_mgr reads them too). */
  @SuppressWarnings("unchecked")
  static Distribution distribution(Map<String, Object> gathered) {
    Map<String, String> os = (Map<String, String>) gathered.getOrDefault("os_release", Map.of());
    return Distribution.of(
        new Distribution.Sources(
            (String) gathered.get("system"),
            (String) gathered.get("kernel"),
            (String) gathered.get("kernel_version"),
            os == null ? Map.of() : os,
            (String) gathered.get("debian_version"),
            (String) gathered.get("solaris_release"),
            (String) gathered.get("aix_oslevel"),
            (String) gathered.get("suse_baseproduct")));
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

  /** /etc/os-release as KEY → value, shell quoting (double or single) taken off. */
  static Map<String, String> parseOsRelease(CommandResult r) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = OS_RELEASE_LINE.matcher(r.stdout());
    while (m.find()) {
      out.put(m.group(1), unquote(m.group(2).strip()));
    }
    return out;
  }

  private static String unquote(String v) {
    if (v.length() >= 2
        && (v.charAt(0) == '"' || v.charAt(0) == '\'')
        && v.charAt(v.length() - 1) == v.charAt(0)) {
      String inner = v.substring(1, v.length() - 1);
      // os-release(5): inside double quotes a backslash makes the next character literal
      return v.charAt(0) == '"' ? inner.replaceAll("\\\\([$\"\\\\`])", "$1") : inner;
    }
    return v;
  }

  /**
   * Turns gathered values into the {@code ansible_facts} map: a collector's facts appear when its
   * facts were gathered (their names are keys of {@code gathered}, even when the host gave no
   * value).
   */
  @Override
  public Map<String, Object> assemble(Map<String, Object> gathered) {
    return assemble(gathered, GatherSubset.ALL);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Object> assemble(Map<String, Object> gathered, GatherSubset subset) {
    Map<String, Object> f = new LinkedHashMap<>();
    String system = (String) gathered.get("system");
    String machine = (String) gathered.get("architecture");
    if (subset.includes("platform")) {
      f.put("system", system);
      f.put("kernel", gathered.get("kernel"));
      f.put("kernel_version", gathered.get("kernel_version"));
      f.put("machine", machine);
      f.put("architecture", architecture(machine));
      String node = (String) gathered.get("nodename");
      f.put("nodename", node);
      f.put("hostname", node == null ? null : node.split("\\.", 2)[0]);
      String fqdn = (String) gathered.get("fqdn");
      f.put("fqdn", fqdn);
      f.put(
          "domain",
          fqdn == null || !fqdn.contains(".") ? "" : fqdn.substring(fqdn.indexOf('.') + 1));
    }
    if (subset.includes("user")) {
      f.put("user_id", gathered.get("user_id"));
    }
    if (subset.includes("distribution")) {
      f.putAll(distribution(gathered).asFacts());
    }
    if (subset.includes("network")) {
      Map<String, Object> ipv4 = (Map<String, Object>) gathered.get("default_ipv4");
      // Ansible sets it to {} when the host has no default IPv4 route
      f.put("default_ipv4", ipv4 == null ? Map.of() : ipv4);
    }
    if (subset.includes("hardware")) {
      Object vcpus = gathered.get("processor_vcpus");
      f.put("processor_vcpus", vcpus == null ? null : parseLongOrNull(vcpus.toString()));
      Map<String, Long> mem = (Map<String, Long>) gathered.get("meminfo");
      mem = mem == null ? Map.of() : mem;
      f.put("meminfo", mem);
      f.put(
          "memtotal_mb",
          mem.containsKey("MemTotal") ? mem.get("MemTotal") / 1024 : gathered.get("memtotal_unix"));
      f.put("memfree_mb", mem.containsKey("MemFree") ? mem.get("MemFree") / 1024 : null);
    }
    f.values().removeIf(java.util.Objects::isNull);
    return f;
  }

  /** Ansible's architecture: {@code i86pc} (Solaris x86) and {@code i686} are {@code i386}. */
  private static String architecture(String machine) {
    if (machine != null && !machine.equals("x86_64") && machine.matches(".*i([3456]86|86pc).*")) {
      return "i386";
    }
    return machine;
  }

  private static Long parseLongOrNull(String s) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
