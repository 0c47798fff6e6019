package io.pagetune.linux.sysctl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tuned profile boot applies, merged as tuned merges it (tuned.conf(5)): {@code chain} holds
 * the {@code tuned.conf} files in merge order ({@link TunedProfiles} resolves includes and several
 * active profiles into it), a later file's option overriding an earlier one's in the same unit, and
 * a unit with {@code replace=1} dropping what earlier files set in it. Its {@code [sysctl]}
 * assignments are applied by tuned after systemd-sysctl; with {@code reapply_sysctl = 1}
 * (tuned-main.conf's default) tuned applies {@code /run/sysctl.d}, {@code /etc/sysctl.d} and {@code
 * /etc/sysctl.conf} again afterwards, so those win over the profile; {@code /usr/lib/sysctl.d} does
 * not. {@code problems} says what could not be read as tuned would (an include naming a variable or
 * a missing profile): nothing is then claimed about what tuned applies.
 */
public record TunedProfile(String name, List<ConfFile> chain, List<String> problems) {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

  public TunedProfile {
    chain = List.copyOf(chain);
    problems = List.copyOf(problems);
  }

  /** A single profile without includes. */
  public TunedProfile(String name, ConfFile file) {
    this(name, List.of(file), List.of());
  }

  /** The value of {@code key} in unit {@code section} after merging, with its file and line. */
  public Optional<SysctlAssignment> option(String section, String key) {
    return rawOption(section, key)
        .map(a -> new SysctlAssignment(a.key(), expand(a.value()), a.path(), a.line()));
  }

  private Optional<SysctlAssignment> rawOption(String section, String key) {
    String wanted = SysctlPrecedence.normalize(key);
    Optional<SysctlAssignment> found = Optional.empty();
    for (ConfFile f : chain) {
      for (Unit u : units(f)) {
        if (!u.name().equals(section) && !u.type().equals(section)) {
          continue;
        }
        if (u.flag("replace") || u.dropped(wanted)) {
          found = Optional.empty();
        }
        Optional<SysctlAssignment> own = u.last(wanted);
        if (own.isPresent()) {
          found = own;
        }
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

  /**
   * What the bootloader plugin puts on the kernel command line ({@code [bootloader] cmdline=},
   * which tuned writes to grubenv's {@code tuned_params}), with where it is set.
   */
  public Optional<SysctlAssignment> bootloaderCmdline() {
    return option("bootloader", "cmdline");
  }

  /** The file of the chain at {@code path}. */
  public Optional<ConfFile> file(String path) {
    return chain.stream().filter(f -> f.path().equals(path)).findFirst();
  }

  /** The same profile with one of its files' text replaced. */
  public TunedProfile withText(String path, String text) {
    return new TunedProfile(
        name,
        chain.stream().map(f -> f.path().equals(path) ? f.withText(text) : f).toList(),
        problems);
  }

  /** tuned-main.conf's {@code reapply_sysctl}; on unless it says 0/false. */
  public static boolean reapplySysctl(Optional<ConfFile> tunedMain) {
    if (tunedMain.isEmpty()) {
      return true;
    }
    boolean on = true;
    for (String line : tunedMain.get().text().split("\n")) {
      Optional<SysctlAssignment> a =
          SysctlPrecedence.parseLine(tunedMain.get().path(), 0, withoutComment(line));
      if (a.isPresent() && a.get().key().equals("reapply_sysctl")) {
        on = !isFalse(a.get().value());
      }
    }
    return on;
  }

  private static boolean isFalse(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    return v.equals("0") || v.equals("false") || v.equals("no") || v.equals("off");
  }

  /** {@code ${name}} from the merged {@code [variables]} unit; anything else stays as written. */
  private String expand(String value) {
    Matcher m = VARIABLE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      // one level, as written: a variable naming another is left for tuned, never guessed
      String replacement =
          rawOption("variables", m.group(1)).map(SysctlAssignment::value).orElse(m.group());
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** One {@code [unit]} of one file: duplicate sections merge and a later option wins. */
  record Unit(String name, Map<String, SysctlAssignment> options) {
    String type() {
      SysctlAssignment t = options.get("type");
      return t == null ? "" : t.value();
    }

    boolean flag(String option) {
      SysctlAssignment a = options.get(option);
      return a != null && !isFalse(a.value()) && !a.value().isEmpty();
    }

    boolean dropped(String key) {
      SysctlAssignment d = options.get("drop");
      return d != null && List.of(d.value().split("\\s*[,;\\s]\\s*")).contains(key);
    }

    Optional<SysctlAssignment> last(String key) {
      return Optional.ofNullable(options.get(key));
    }
  }

  /**
   * The units of one tuned.conf in file order (configparser, {@code =} only, {@code #} comments).
   */
  static List<Unit> units(ConfFile f) {
    Map<String, Map<String, SysctlAssignment>> units = new LinkedHashMap<>();
    Map<String, SysctlAssignment> current = null;
    String[] lines = f.text().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].strip();
      if (t.startsWith("[") && t.endsWith("]")) {
        current =
            units.computeIfAbsent(
                t.substring(1, t.length() - 1).strip(), k -> new LinkedHashMap<>());
        continue;
      }
      if (current == null) {
        continue;
      }
      Optional<SysctlAssignment> a = SysctlPrecedence.parseLine(f.path(), i + 1, withoutComment(t));
      if (a.isPresent()) {
        current.remove(a.get().key());
        current.put(a.get().key(), a.get());
      }
    }
    List<Unit> out = new ArrayList<>();
    units.forEach((n, o) -> out.add(new Unit(n, o)));
    return out;
  }

  /** An inline comment starts at a {@code #} after whitespace, as tuned's parser reads it. */
  static String withoutComment(String line) {
    Matcher m = Pattern.compile("\\s#").matcher(line);
    return m.find() ? line.substring(0, m.start()) : line;
  }
}
