package io.pagetune.linux;

import io.pagetune.linux.sysctl.ConfFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The memlock a systemd service starts with (systemd.exec(5), systemd-system.conf(5),
 * systemd.unit(5)): {@code LimitMEMLOCK=} of the unit file (the first found in {@link #UNIT_PATH})
 * and of its drop-ins ({@code <unit>.d/*.conf}, for an instance also the template's, and {@code
 * service.d/}), read in file-name order where a name in an earlier directory hides the same name in
 * a later one, the last assignment winning; else the manager's {@code DefaultLimitMEMLOCK=} from
 * {@code /etc/systemd/system.conf} and its {@code system.conf.d} drop-ins. A unit with {@code
 * PAMName=} also runs the PAM session stack, whose pam_limits lines then apply on top.
 */
public final class SystemdMemlock {
  /** The system unit search path, highest priority first. */
  public static final List<String> UNIT_PATH =
      List.of(
          "/etc/systemd/system.control",
          "/run/systemd/system.control",
          "/run/systemd/transient",
          "/etc/systemd/system",
          "/run/systemd/system",
          "/usr/local/lib/systemd/system",
          "/usr/lib/systemd/system",
          "/lib/systemd/system");

  public static final String SYSTEM_CONF = "/etc/systemd/system.conf";

  /** Where system.conf drop-ins live, highest priority first. */
  public static final List<String> SYSTEM_CONF_D =
      List.of(
          "/etc/systemd/system.conf.d",
          "/run/systemd/system.conf.d",
          "/usr/local/lib/systemd/system.conf.d",
          "/usr/lib/systemd/system.conf.d");

  private SystemdMemlock() {}

  /** One memlock setting with where it comes from; {@code limits} empty = built-in default. */
  public record Setting(Optional<MemlockLimits> limits, String where, Optional<String> pamName) {
    public String describe() {
      return limits
              .map(l -> "soft " + l.soft().orElseThrow() + ", hard " + l.hard().orElseThrow())
              .orElse("not set")
          + " ("
          + where
          + ")";
    }
  }

  /** What {@code unit} starts with, from the unit files and manager files the fact found. */
  public static Setting of(String unit, List<ConfFile> files) {
    List<ConfFile> chain = new ArrayList<>();
    unitFile(unit, files).ifPresent(chain::add);
    chain.addAll(dropIns(unitDirs(unit), files));
    Optional<MemlockLimits> limit = Optional.empty();
    String where = "";
    Optional<String> pam = Optional.empty();
    for (ConfFile f : chain) {
      for (Assignment a : assignments(f, "Service")) {
        if (a.key().equals("LimitMEMLOCK")) {
          limit = parse(a.value());
          where = f.path() + ":" + a.line();
        } else if (a.key().equals("PAMName")) {
          pam = a.value().isEmpty() ? Optional.empty() : Optional.of(a.value());
        }
      }
    }
    if (!where.isEmpty()) {
      return new Setting(limit, where, pam);
    }
    Setting manager = manager(files);
    return new Setting(manager.limits(), manager.where(), pam);
  }

  /** The manager's {@code DefaultLimitMEMLOCK=}, or its built-in default when none is set. */
  public static Setting manager(List<ConfFile> files) {
    List<ConfFile> chain = new ArrayList<>();
    files.stream().filter(f -> f.path().equals(SYSTEM_CONF)).findFirst().ifPresent(chain::add);
    chain.addAll(dropIns(SYSTEM_CONF_D, files));
    Optional<MemlockLimits> limit = Optional.empty();
    String where =
        "no DefaultLimitMEMLOCK: the built-in default, 64 KiB or 8 MiB by systemd and kernel"
            + " version";
    for (ConfFile f : chain) {
      for (Assignment a : assignments(f, "Manager")) {
        if (a.key().equals("DefaultLimitMEMLOCK")) {
          limit = parse(a.value());
          where = f.path() + ":" + a.line();
        }
      }
    }
    return new Setting(limit, where, Optional.empty());
  }

  /** The unit's drop-in directory names, in every search path directory. */
  static List<String> unitDirs(String unit) {
    List<String> names = new ArrayList<>(List.of(unit + ".d"));
    int at = unit.indexOf('@');
    if (at > 0 && !unit.endsWith("@.service")) {
      names.add(unit.substring(0, at + 1) + unit.substring(unit.lastIndexOf('.')) + ".d");
    }
    names.add("service.d");
    List<String> out = new ArrayList<>();
    for (String dir : UNIT_PATH) {
      names.forEach(n -> out.add(dir + "/" + n));
    }
    return out;
  }

  static Optional<ConfFile> unitFile(String unit, List<ConfFile> files) {
    List<String> names = new ArrayList<>(List.of(unit));
    int at = unit.indexOf('@');
    if (at > 0) {
      names.add(unit.substring(0, at + 1) + unit.substring(unit.lastIndexOf('.')));
    }
    for (String name : names) {
      for (String dir : UNIT_PATH) {
        Optional<ConfFile> f =
            files.stream().filter(c -> c.path().equals(dir + "/" + name)).findFirst();
        if (f.isPresent()) {
          return f;
        }
      }
    }
    return Optional.empty();
  }

  /** {@code *.conf} in {@code dirs}: a name in an earlier directory hides it later; name order. */
  static List<ConfFile> dropIns(List<String> dirs, List<ConfFile> files) {
    Map<String, ConfFile> byName = new LinkedHashMap<>();
    for (String dir : dirs) {
      files.stream()
          .filter(f -> f.directory().equals(dir) && f.name().endsWith(".conf"))
          .forEach(f -> byName.putIfAbsent(f.name(), f));
    }
    List<ConfFile> out = new ArrayList<>(byName.values());
    out.sort(Comparator.comparing(ConfFile::name));
    return out;
  }

  record Assignment(String key, String value, int line) {}

  static List<Assignment> assignments(ConfFile f, String section) {
    List<Assignment> out = new ArrayList<>();
    String current = "";
    String[] lines = f.text().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].strip();
      if (t.startsWith("[") && t.endsWith("]")) {
        current = t.substring(1, t.length() - 1);
      } else if (current.equals(section) && !t.startsWith("#") && !t.startsWith(";")) {
        int eq = t.indexOf('=');
        if (eq > 0) {
          out.add(new Assignment(t.substring(0, eq).strip(), t.substring(eq + 1).strip(), i + 1));
        }
      }
    }
    return out;
  }

  /** {@code 8M}, {@code infinity}, {@code soft:hard}; bytes with 1024-based suffixes, as kB. */
  static Optional<MemlockLimits> parse(String value) {
    String[] parts = value.split(":", 2);
    Optional<MemlockLimit> soft = kb(parts[0]);
    Optional<MemlockLimit> hard = parts.length == 2 ? kb(parts[1]) : soft;
    return soft.isPresent() && hard.isPresent()
        ? Optional.of(new MemlockLimits(soft, hard))
        : Optional.empty();
  }

  private static Optional<MemlockLimit> kb(String text) {
    String t = text.strip().toUpperCase(Locale.ROOT);
    if (t.equals("INFINITY")) {
      return Optional.of(MemlockLimit.UNLIMITED);
    }
    long factor = 1;
    String suffixes = "KMGTPE";
    if (!t.isEmpty() && suffixes.indexOf(t.charAt(t.length() - 1)) >= 0) {
      factor = 1L << (10 * (suffixes.indexOf(t.charAt(t.length() - 1)) + 1));
      t = t.substring(0, t.length() - 1);
    }
    try {
      return MemlockLimit.parse(Long.toString(Long.parseLong(t) * factor / 1024));
    } catch (NumberFormatException | ArithmeticException e) {
      return Optional.empty();
    }
  }
}
