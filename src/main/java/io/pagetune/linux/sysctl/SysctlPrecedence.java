package io.pagetune.linux.sysctl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What sysctl applies at boot, computed the way systemd-sysctl and {@code sysctl --system} do
 * (domain.md §5a): {@code *.conf} in {@link #DIRECTORIES}, a file name in an earlier directory
 * shadows the same name in a later one, the survivors are read in lexical order of file name, and
 * the last assignment of a key wins. {@code /etc/sysctl.conf} is read as {@code 99-sysctl.conf}
 * (the link systemd ships), unless a real file of that name shadows it.
 */
public final class SysctlPrecedence {
  /** In shadowing order: a name in an earlier directory hides it in the later ones. */
  public static final List<String> DIRECTORIES =
      List.of(
          "/etc/sysctl.d",
          "/run/sysctl.d",
          "/usr/local/lib/sysctl.d",
          "/usr/lib/sysctl.d",
          "/lib/sysctl.d");

  public static final String SYSCTL_CONF = "/etc/sysctl.conf";
  private static final String SYSCTL_CONF_LINK = "99-sysctl.conf";

  private final List<ConfFile> order;

  private SysctlPrecedence(List<ConfFile> order) {
    this.order = List.copyOf(order);
  }

  /** Orders the files the fact found (any order) as boot reads them. */
  public static SysctlPrecedence of(List<ConfFile> files) {
    Map<String, ConfFile> byName = new LinkedHashMap<>();
    Optional<ConfFile> sysctlConf = Optional.empty();
    List<ConfFile> sorted = new ArrayList<>(files);
    sorted.sort(Comparator.comparingInt(SysctlPrecedence::rank));
    for (ConfFile f : sorted) {
      if (f.path().equals(SYSCTL_CONF)) {
        sysctlConf = Optional.of(f);
      } else if (rank(f) < DIRECTORIES.size() && f.name().endsWith(".conf")) {
        byName.putIfAbsent(f.name(), f);
      }
    }
    ConfFile link = byName.get(SYSCTL_CONF_LINK);
    if (sysctlConf.isPresent() && (link == null || link.resolvedPath().equals(SYSCTL_CONF))) {
      // the link and its target are one file: report and edit the target
      byName.put(SYSCTL_CONF_LINK, new ConfFile(SYSCTL_CONF, SYSCTL_CONF, sysctlConf.get().text()));
    }
    List<Map.Entry<String, ConfFile>> entries = new ArrayList<>(byName.entrySet());
    // C locale: byte order of the names
    entries.sort(Map.Entry.comparingByKey());
    return new SysctlPrecedence(entries.stream().map(Map.Entry::getValue).toList());
  }

  /** Whether boot reads a file at {@code path} at all: a {@code *.conf} in a sysctl directory. */
  public static boolean readAtBoot(String path) {
    ConfFile f = new ConfFile(path, "");
    return path.equals(SYSCTL_CONF) || (rank(f) < DIRECTORIES.size() && f.name().endsWith(".conf"));
  }

  private static int rank(ConfFile f) {
    int i = DIRECTORIES.indexOf(f.directory());
    return i < 0 ? DIRECTORIES.size() : i;
  }

  /** The files in the order boot reads them, after shadowing. */
  public List<ConfFile> order() {
    return order;
  }

  /** Every assignment of {@code key} in boot order; the last one wins. */
  public List<SysctlAssignment> assignments(String key) {
    String wanted = normalize(key);
    List<SysctlAssignment> out = new ArrayList<>();
    for (ConfFile f : order) {
      String[] lines = f.text().split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        Optional<SysctlAssignment> a = parseLine(f.path(), i + 1, lines[i]);
        if (a.isPresent() && a.get().key().equals(wanted)) {
          out.add(a.get());
        }
      }
    }
    return out;
  }

  /** The assignment boot applies last, if any file sets the key. */
  public Optional<SysctlAssignment> winner(String key) {
    List<SysctlAssignment> all = assignments(key);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
  }

  /** The same configuration with one file's text replaced or added. */
  public static List<ConfFile> replacing(List<ConfFile> files, String path, String text) {
    List<ConfFile> out = new ArrayList<>();
    boolean found = false;
    for (ConfFile f : files) {
      if (f.path().equals(path) || f.resolvedPath().equals(path)) {
        out.add(f.withText(text));
        found = true;
      } else {
        out.add(f);
      }
    }
    if (!found) {
      out.add(new ConfFile(path, text));
    }
    return out;
  }

  /** A sysctl.d line: {@code key = value}, {@code -key=value}; {@code #} or {@code ;} comments. */
  public static Optional<SysctlAssignment> parseLine(String path, int lineNo, String line) {
    String t = line.strip();
    if (t.isEmpty() || t.startsWith("#") || t.startsWith(";")) {
      return Optional.empty();
    }
    int eq = t.indexOf('=');
    if (eq <= 0) {
      return Optional.empty();
    }
    String key = t.substring(0, eq).strip();
    if (key.startsWith("-")) {
      key = key.substring(1).strip();
    }
    return Optional.of(
        new SysctlAssignment(normalize(key), t.substring(eq + 1).strip(), path, lineNo));
  }

  /** {@code vm/nr_hugepages} and {@code vm.nr_hugepages} name the same key. */
  public static String normalize(String key) {
    return key.replace('/', '.');
  }

  /** The text with the value of the assignment on {@code lineNo} (1-based) replaced. */
  public static String replaceValue(String text, int lineNo, String value) {
    String[] lines = text.split("\n", -1);
    String line = lines[lineNo - 1];
    int eq = line.indexOf('=');
    String head = line.substring(0, eq + 1);
    String rest = line.substring(eq + 1);
    String lead = rest.startsWith(" ") ? " " : "";
    lines[lineNo - 1] = head + lead + value;
    return String.join("\n", lines);
  }
}
