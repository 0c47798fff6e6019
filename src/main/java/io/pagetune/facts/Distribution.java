package io.pagetune.facts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operating system as Ansible's setup module names it: {@code distribution}, {@code
 * distribution_version}, {@code distribution_major_version}, {@code distribution_release} and
 * {@code os_family}. Built by {@link #of(Sources)} from raw host text only (pure, fixture-tested),
 * so a playbook written against Ansible's values ({@code ansible_distribution == 'RedHat'}, {@code
 * ansible_os_family == 'Suse'}) takes the same branch under pagetune.
 */
public record Distribution(
    String distribution, String version, String majorVersion, String release, String osFamily) {

  /** What the host said; any of them may be null (file missing, command not on this system). */
  public record Sources(
      String system,
      String kernelRelease,
      String kernelVersion,
      Map<String, String> osRelease,
      String debianVersion,
      String solarisRelease,
      String aixOslevel,
      String suseBaseProduct) {
    public Sources {
      osRelease = osRelease == null ? Map.of() : Map.copyOf(osRelease);
    }
  }

  /** os-release {@code ID} to Ansible's distribution name (Ansible's spelling, not the ID's). */
  private static final Map<String, String> LINUX_NAMES =
      Map.ofEntries(
          Map.entry("rhel", "RedHat"),
          Map.entry("redhat", "RedHat"),
          Map.entry("ol", "OracleLinux"),
          Map.entry("oracle", "OracleLinux"),
          Map.entry("centos", "CentOS"),
          Map.entry("rocky", "Rocky"),
          Map.entry("almalinux", "AlmaLinux"),
          Map.entry("fedora", "Fedora"),
          Map.entry("amzn", "Amazon"),
          Map.entry("debian", "Debian"),
          Map.entry("ubuntu", "Ubuntu"),
          Map.entry("sles", "SLES"),
          Map.entry("sles_sap", "SLES_SAP"),
          Map.entry("sled", "SLED"),
          Map.entry("opensuse-leap", "openSUSE Leap"),
          Map.entry("opensuse-tumbleweed", "openSUSE Tumbleweed"),
          Map.entry("opensuse", "openSUSE"));

  /** Ansible's OS_FAMILY_MAP for the names above; anything else is its own family. */
  private static final Map<String, List<String>> FAMILIES =
      Map.of(
          "RedHat",
          List.of("RedHat", "OracleLinux", "CentOS", "Rocky", "AlmaLinux", "Fedora", "Amazon"),
          "Debian",
          List.of("Debian", "Ubuntu"),
          "Suse",
          List.of("SLES", "SLES_SAP", "SLED", "openSUSE Leap", "openSUSE Tumbleweed", "openSUSE"),
          "Solaris",
          List.of("Solaris"),
          "AIX",
          List.of("AIX"));

  private static final Pattern DEBIAN_NUMERIC = Pattern.compile("[0-9]+(\\.[0-9]+)*");
  private static final Pattern CODENAME_IN_VERSION = Pattern.compile("\\(([^)]+)\\)");

  /** The distribution facts for what a host reported; never throws. */
  public static Distribution of(Sources s) {
    String system = s.system() == null ? "" : s.system();
    return switch (system) {
      case "Linux" -> linux(s);
      case "SunOS" -> solaris(s);
      case "AIX" -> aix(s);
      default -> generic(system, s);
    };
  }

  private static Distribution linux(Sources s) {
    Map<String, String> os = s.osRelease();
    String id = os.getOrDefault("ID", "").toLowerCase(Locale.ROOT);
    String name = LINUX_NAMES.get(id);
    if (name == null) {
      // an unknown distribution: Ansible capitalises its ID; no os-release at all is OtherLinux
      name = id.isEmpty() ? "OtherLinux" : Character.toUpperCase(id.charAt(0)) + id.substring(1);
    }
    String version = os.get("VERSION_ID");
    String release = os.get("VERSION_CODENAME");
    if (release == null || release.isEmpty()) {
      Matcher m = CODENAME_IN_VERSION.matcher(os.getOrDefault("VERSION", ""));
      release = m.find() ? m.group(1) : null;
    }
    if (name.equals("Debian")) {
      // /etc/debian_version carries the point release (12.11) that os-release leaves out (12)
      String dv = firstLine(s.debianVersion());
      if (dv != null && DEBIAN_NUMERIC.matcher(dv).matches()) {
        version = dv;
      }
    }
    if (name.equals("SLES")
        && s.suseBaseProduct() != null
        && s.suseBaseProduct().strip().endsWith("SLES_SAP.prod")) {
      // SLES for SAP Applications ships SLES's os-release; its base product link tells them apart
      name = "SLES_SAP";
    }
    if (familyOf(name).equals("Suse") && version != null && version.contains(".")) {
      // SLES 15.5: the release is the service pack, as Ansible reports it
      release = version.substring(version.indexOf('.') + 1);
    }
    return new Distribution(
        name, orNa(version), orNa(major(version)), orNa(release), familyOf(name));
  }

  private static Distribution solaris(Sources s) {
    String line = firstLine(s.solarisRelease());
    if (line == null || !line.contains("Solaris")) {
      return generic("SunOS", s);
    }
    String plain = line.replace("Oracle ", "");
    String[] words = plain.trim().split("\\s+");
    String version = words.length > 1 ? words[1] : null;
    // Ansible takes the major version from the kernel release: 5.10 is Solaris 10
    String kr = s.kernelRelease();
    String major =
        kr != null && kr.contains(".") ? kr.substring(kr.indexOf('.') + 1).strip() : major(version);
    return new Distribution("Solaris", orNa(version), orNa(major), line.strip(), "Solaris");
  }

  private static Distribution aix(Sources s) {
    String level = firstLine(s.aixOslevel());
    if (level == null) {
      return generic("AIX", s);
    }
    String[] parts = level.split("\\.");
    String version = parts.length > 1 ? parts[0] + "." + parts[1] : parts[0];
    String release = parts.length > 1 ? parts[1] : "NA";
    return new Distribution("AIX", version, parts[0], release, "AIX");
  }

  /**
   * Systems Ansible has no distribution code for (IBM i PASE reports {@code OS400}): the system
   * name is the distribution and the family, {@code uname -v} the version, {@code uname -r} the
   * release.
   */
  private static Distribution generic(String system, Sources s) {
    String name = system.isEmpty() ? "NA" : system;
    String version = firstLine(s.kernelVersion());
    return new Distribution(
        name, orNa(version), orNa(major(version)), orNa(firstLine(s.kernelRelease())), name);
  }

  private static String familyOf(String name) {
    for (Map.Entry<String, List<String>> e : FAMILIES.entrySet()) {
      if (e.getValue().contains(name)) {
        return e.getKey();
      }
    }
    return name;
  }

  private static String major(String version) {
    if (version == null || version.isEmpty()) {
      return null;
    }
    return version.split("\\.", 2)[0];
  }

  private static String firstLine(String text) {
    if (text == null) {
      return null;
    }
    for (String l : text.split("\n")) {
      if (!l.isBlank()) {
        return l.strip();
      }
    }
    return null;
  }

  private static String orNa(String v) {
    return v == null || v.isEmpty() ? "NA" : v;
  }

  /** The entries under their Ansible names (without the {@code ansible_} prefix). */
  public Map<String, Object> asFacts() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("distribution", distribution);
    out.put("distribution_version", version);
    out.put("distribution_major_version", majorVersion);
    out.put("distribution_release", release);
    out.put("os_family", osFamily);
    return out;
  }
}
