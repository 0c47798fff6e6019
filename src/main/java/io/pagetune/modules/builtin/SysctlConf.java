package io.pagetune.modules.builtin;

import io.pagetune.modules.builtin.TextLines.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pure edit of a sysctl.conf / sysctl.d file: one {@code name = value} line per name, comments
 * and other lines kept as they are. A line that already holds the value (however it is spaced or
 * separated) is left untouched; later duplicates of the name are dropped, since the last one would
 * win when the file is loaded.
 */
final class SysctlConf {
  private SysctlConf() {}

  /** A {@code key = value} line; {@code key} without a leading '-' (ignore-failure prefix). */
  record Assignment(String key, String value) {
    static Optional<Assignment> parse(String text) {
      String t = text.strip();
      if (t.isEmpty() || t.startsWith("#") || t.startsWith(";")) {
        return Optional.empty();
      }
      int eq = t.indexOf('=');
      if (eq < 0) {
        return Optional.empty();
      }
      String key = t.substring(0, eq).strip();
      if (key.startsWith("-")) {
        key = key.substring(1).strip();
      }
      return Optional.of(new Assignment(key, t.substring(eq + 1).strip()));
    }
  }

  static List<Line> set(List<Line> original, String name, String value) {
    List<Line> lines = new ArrayList<>();
    boolean found = false;
    for (Line line : original) {
      Optional<Assignment> a = Assignment.parse(line.text());
      if (a.isEmpty() || !SysctlKey.same(a.get().key(), name)) {
        lines.add(line);
      } else if (!found) {
        found = true;
        boolean same =
            SysctlKey.normalizeValue(a.get().value()).equals(SysctlKey.normalizeValue(value));
        lines.add(same ? line : line.withText(name + " = " + value));
      }
    }
    if (!found) {
      TextLines.append(lines, new Line(name + " = " + value, TextLines.newline(original)));
    } else if (lines.size() < original.size()) {
      TextLines.keepUnterminatedEnd(lines, TextLines.endsWithNewline(original));
    }
    return lines;
  }

  static List<Line> remove(List<Line> original, String name) {
    List<Line> lines = new ArrayList<>();
    for (Line line : original) {
      Optional<Assignment> a = Assignment.parse(line.text());
      if (a.isEmpty() || !SysctlKey.same(a.get().key(), name)) {
        lines.add(line);
      }
    }
    if (lines.size() < original.size()) {
      TextLines.keepUnterminatedEnd(lines, TextLines.endsWithNewline(original));
    }
    return lines;
  }
}
