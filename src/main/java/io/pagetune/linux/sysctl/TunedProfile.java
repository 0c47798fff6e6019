package io.pagetune.linux.sysctl;

import java.util.Optional;

/**
 * The active tuned profile's {@code tuned.conf} (INI sections), as far as huge pages go: its {@code
 * [sysctl]} assignments, applied by tuned after systemd-sysctl, and its {@code [vm]} THP option.
 * With {@code reapply_sysctl = 1} (tuned-main.conf's default) tuned applies {@code /run/sysctl.d},
 * {@code /etc/sysctl.d} and {@code /etc/sysctl.conf} again afterwards, so those win over the
 * profile; {@code /usr/lib/sysctl.d} does not.
 */
public record TunedProfile(String name, ConfFile file) {
  /** The value of {@code key} in {@code [section]}, with its line. */
  public Optional<SysctlAssignment> option(String section, String key) {
    String wanted = SysctlPrecedence.normalize(key);
    String current = "";
    Optional<SysctlAssignment> found = Optional.empty();
    String[] lines = file.text().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].strip();
      if (t.startsWith("[") && t.endsWith("]")) {
        current = t.substring(1, t.length() - 1).strip();
        continue;
      }
      if (!current.equals(section)) {
        continue;
      }
      Optional<SysctlAssignment> a = SysctlPrecedence.parseLine(file.path(), i + 1, t);
      if (a.isPresent() && a.get().key().equals(wanted)) {
        found = a;
      }
    }
    return found;
  }

  public Optional<SysctlAssignment> sysctl(String key) {
    return option("sysctl", key);
  }

  /** The THP mode the profile's vm plugin sets (either spelling of the option). */
  public Optional<SysctlAssignment> thp() {
    Optional<SysctlAssignment> plural = option("vm", "transparent_hugepages");
    return plural.isPresent() ? plural : option("vm", "transparent_hugepage");
  }

  /** tuned-main.conf's {@code reapply_sysctl}; on unless it says 0/false. */
  public static boolean reapplySysctl(Optional<ConfFile> tunedMain) {
    if (tunedMain.isEmpty()) {
      return true;
    }
    for (String line : tunedMain.get().text().split("\n")) {
      Optional<SysctlAssignment> a =
          SysctlPrecedence.parseLine(tunedMain.get().path(), 0, line.strip());
      if (a.isPresent() && a.get().key().equals("reapply_sysctl")) {
        String v = a.get().value().toLowerCase(java.util.Locale.ROOT);
        return !(v.equals("0") || v.equals("false") || v.equals("no"));
      }
    }
    return true;
  }
}
