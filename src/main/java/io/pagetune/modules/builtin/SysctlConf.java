package io.pagetune.modules.builtin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A sysctl file as ansible.posix.sysctl reads and rewrites it, so both leave the same bytes: every
 * line is read stripped; an assignment is a line that is not blank, does not start with {@code #}
 * or {@code ;} and holds {@code =}, split at the first {@code =}, name and value stripped, names
 * compared as written. The value a name has is its last assignment's. A rewrite writes each line
 * stripped, every assignment as {@code name=value}, keeps only the first assignment of each name
 * (the one for the task's name holding the new value, or dropped for state=absent), appends the
 * name when it had none, and ends every line with {@code \n}.
 */
final class SysctlConf {
  private final List<String> lines;
  private final Map<String, String> values = new HashMap<>();

  private SysctlConf(List<String> lines) {
    this.lines = lines;
    for (String line : lines) {
      assignment(line).ifPresent(a -> values.put(a[0], a[1]));
    }
  }

  static SysctlConf parse(String text) {
    List<String> stripped = new ArrayList<>();
    for (String line : PythonText.readLines(text)) {
      stripped.add(PythonText.strip(line));
    }
    return new SysctlConf(stripped);
  }

  /** {name, value} of an assignment line. */
  private static Optional<String[]> assignment(String line) {
    if (line.isEmpty() || line.startsWith("#") || line.startsWith(";") || line.indexOf('=') < 0) {
      return Optional.empty();
    }
    int eq = line.indexOf('=');
    return Optional.of(
        new String[] {
          PythonText.strip(line.substring(0, eq)), PythonText.strip(line.substring(eq + 1))
        });
  }

  /** The value of the last assignment of {@code name}, if any. */
  Optional<String> value(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /**
   * The file ansible.posix.sysctl writes.
   *
   * @param value the new value, or null to drop the name (state=absent)
   */
  String rewritten(String name, String value) {
    StringBuilder out = new StringBuilder();
    Set<String> seen = new HashSet<>();
    for (String line : lines) {
      Optional<String[]> a = assignment(line);
      if (a.isEmpty()) {
        out.append(line).append('\n');
        continue;
      }
      String key = a.get()[0];
      if (!seen.add(key)) {
        continue; // a later assignment of a name already written
      }
      if (!key.equals(name)) {
        out.append(PythonText.strip(key + "=" + a.get()[1])).append('\n');
      } else if (value != null) {
        out.append(PythonText.strip(name + "=" + value)).append('\n');
      }
    }
    if (!values.containsKey(name) && value != null) {
      out.append(PythonText.strip(name + "=" + value)).append('\n');
    }
    return out.toString();
  }
}
