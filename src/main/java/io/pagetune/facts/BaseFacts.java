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

  @Override
  public List<Fact<?>> facts() {
    return List.of(
        SYSTEM,
        KERNEL,
        ARCHITECTURE,
        NODENAME,
        USER_ID,
        VCPUS,
        OS_RELEASE,
        MEMINFO,
        KERNEL_VERSION,
        DEBIAN_VERSION,
        SOLARIS_RELEASE,
        AIX_OSLEVEL,
        SUSE_BASEPRODUCT,
        NetworkFacts.FQDN,
        NetworkFacts.DEFAULT_IPV4,
        MemoryTotal.FACT);
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
    f.putAll(
        Distribution.of(
                new Distribution.Sources(
                    (String) gathered.get("system"),
                    (String) gathered.get("kernel"),
                    (String) gathered.get("kernel_version"),
                    os,
                    (String) gathered.get("debian_version"),
                    (String) gathered.get("solaris_release"),
                    (String) gathered.get("aix_oslevel"),
                    (String) gathered.get("suse_baseproduct")))
            .asFacts());
    f.put("fqdn", gathered.get("fqdn"));
    Map<String, String> ipv4 =
        (Map<String, String>) gathered.getOrDefault("default_ipv4", Map.of());
    // Ansible sets it to {} when the host has no default IPv4 route
    f.put("default_ipv4", ipv4 == null ? Map.of() : ipv4);
    Map<String, Long> mem = (Map<String, Long>) gathered.getOrDefault("meminfo", Map.of());
    f.put("meminfo", mem);
    f.put(
        "memtotal_mb",
        mem.containsKey("MemTotal") ? mem.get("MemTotal") / 1024 : gathered.get("memtotal_unix"));
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
