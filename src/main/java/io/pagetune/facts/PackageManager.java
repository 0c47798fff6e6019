package io.pagetune.facts;

import java.util.List;
import java.util.Map;

/**
 * {@code ansible_pkg_mgr} by Ansible's rules (module_utils/facts/system/pkg_mgr.py): the last of
 * its known paths that exists names the manager; the RedHat family is {@code yum} before major
 * version 8 and {@code dnf} from 8 on ({@code atomic_container} on an ostree system), Fedora and
 * Amazon by their own version lines; the Debian family is always {@code apt}, and {@code apt} is
 * {@code apt_rpm} where rpm owns {@code apt-get}.
 */
final class PackageManager {
  /** Ansible's list, in its order: a later existing path wins over an earlier one. */
  static final List<Map.Entry<String, String>> PATHS =
      List.of(
          Map.entry("/usr/bin/rpm-ostree", "atomic_container"),
          Map.entry("/usr/bin/yum", "yum"),
          Map.entry("/usr/bin/dnf", "dnf"),
          Map.entry("/usr/bin/apt-get", "apt"),
          Map.entry("/usr/bin/zypper", "zypper"),
          Map.entry("/usr/sbin/urpmi", "urpmi"),
          Map.entry("/usr/bin/pacman", "pacman"),
          Map.entry("/bin/opkg", "opkg"),
          Map.entry("/usr/pkg/bin/pkgin", "pkgin"),
          Map.entry("/opt/local/bin/pkgin", "pkgin"),
          Map.entry("/opt/tools/bin/pkgin", "pkgin"),
          Map.entry("/opt/local/bin/port", "macports"),
          Map.entry("/usr/local/bin/brew", "homebrew"),
          Map.entry("/opt/homebrew/bin/brew", "homebrew"),
          Map.entry("/sbin/apk", "apk"),
          Map.entry("/usr/sbin/pkg", "pkgng"),
          Map.entry("/usr/sbin/swlist", "swdepot"),
          Map.entry("/usr/bin/emerge", "portage"),
          Map.entry("/usr/sbin/pkgadd", "svr4pkg"),
          Map.entry("/usr/bin/pkg", "pkg5"),
          Map.entry("/usr/bin/xbps-install", "xbps"),
          Map.entry("/usr/local/sbin/pkg", "pkgng"),
          Map.entry("/usr/bin/swupd", "swupd"),
          Map.entry("/usr/sbin/sorcery", "sorcery"),
          Map.entry("/usr/bin/installp", "installp"),
          Map.entry("/QOpenSys/pkgs/bin/yum", "yum"));

  /** Prints "path P" for each existing path, then the ostree and apt-rpm markers. */
  static final String SCRIPT =
      "for p in "
          + String.join(" ", PATHS.stream().map(Map.Entry::getKey).toList())
          + "; do [ -e \"$p\" ] && echo \"path $p\"; done\n"
          + "[ -e /run/ostree-booted ] && echo ostree\n"
          + "[ -e /usr/bin/rpm ] && [ -e /usr/bin/apt-get ]"
          + " && /usr/bin/rpm -q --whatprovides /usr/bin/apt-get >/dev/null 2>&1 && echo apt_rpm\n"
          + "exit 0";

  static final Fact<String> FACT = new SimpleFact<>("pkg_mgr_paths", SCRIPT, r -> r.stdout());

  private PackageManager() {}

  static String of(String markers, Distribution d) {
    List<String> lines = List.of((markers == null ? "" : markers).split("\n"));
    String name = "unknown";
    for (Map.Entry<String, String> e : PATHS) {
      if (lines.contains("path " + e.getKey())) {
        name = e.getValue();
      }
    }
    if (d.osFamily().equals("RedHat")) {
      name = redHat(name, lines, d);
    } else if (d.osFamily().equals("Debian")) {
      name = "apt";
    }
    if (name.equals("apt") && lines.contains("apt_rpm")) {
      name = "apt_rpm";
    }
    return name;
  }

  private static String redHat(String name, List<String> lines, Distribution d) {
    if (lines.contains("ostree")) {
      return "atomic_container";
    }
    int limit =
        switch (d.distribution()) {
          case "Fedora" -> 23;
          case "Amazon" -> 2022;
          default -> 8;
        };
    boolean byPath = d.distribution().equals("Fedora") || d.distribution().equals("Amazon");
    int major;
    try {
      major = Integer.parseInt(d.majorVersion());
    } catch (NumberFormatException e) {
      return byPath ? "dnf" : name;
    }
    String want = major < limit ? "yum" : "dnf";
    if (!byPath) {
      return want;
    }
    // Fedora and Amazon switch only when that manager is installed
    return lines.contains("path /usr/bin/" + want) ? want : name;
  }
}
