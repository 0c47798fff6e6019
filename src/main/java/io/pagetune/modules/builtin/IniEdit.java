package io.pagetune.modules.builtin;

import io.pagetune.modules.builtin.TextLines.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The edit {@code ini_file} makes to a file's lines: one option in one section (null = the lines
 * before the first section header) set, removed, or a whole section removed. Untouched lines keep
 * their bytes.
 *
 * @param assignment the line an option gets, e.g. {@code "hugepages = 6144"}
 */
record IniEdit(String section, String option, String value, String assignment) {

  /** The edited lines and Ansible's message for what changed ("OK" for nothing). */
  record Result(List<Line> lines, String msg) {}

  Result present(List<Line> input) {
    List<Line> lines = new ArrayList<>(input);
    Range range = range(lines);
    if (range == null) {
      TextLines.append(lines, new Line("[" + section + "]", TextLines.newline(lines)));
      if (option == null) {
        return new Result(lines, "only section added");
      }
      lines.add(new Line(assignment, TextLines.newline(lines)));
      return new Result(lines, "section and option added");
    }
    if (option == null) {
      return new Result(lines, "OK");
    }
    int first = -1;
    for (int i = range.start(); i < range.end(); i++) {
      if (active(lines.get(i).text())) {
        first = i;
        break;
      }
    }
    if (first >= 0) {
      boolean changed = !lines.get(first).text().equals(assignment);
      lines.set(first, lines.get(first).withText(assignment));
      // further assignments of the option in the section would override this one
      int end = range.end();
      for (int i = first + 1; i < end; ) {
        if (active(lines.get(i).text())) {
          lines.remove(i);
          end--;
          changed = true;
        } else {
          i++;
        }
      }
      return new Result(lines, changed ? "option changed" : "OK");
    }
    for (int i = range.start(); i < range.end(); i++) {
      if (commented(lines.get(i).text())) {
        lines.set(i, lines.get(i).withText(assignment));
        return new Result(lines, "option changed");
      }
    }
    int at = range.start();
    for (int i = range.end(); i > range.start(); i--) {
      if (!BLANK_OR_COMMENT.matcher(lines.get(i - 1).text()).matches()) {
        at = i;
        break;
      }
    }
    if (at == lines.size()) {
      TextLines.append(lines, new Line(assignment, TextLines.newline(lines)));
    } else {
      lines.add(at, new Line(assignment, TextLines.newline(lines)));
    }
    return new Result(lines, "option added");
  }

  Result absent(List<Line> input) {
    List<Line> lines = new ArrayList<>(input);
    Range range = range(lines);
    if (range == null) {
      return new Result(lines, "OK");
    }
    if (option == null) {
      if (section == null) {
        return new Result(lines, "OK");
      }
      lines.subList(range.start() - 1, range.end()).clear();
      return new Result(lines, "section removed");
    }
    boolean changed = false;
    int end = range.end();
    for (int i = range.start(); i < end; ) {
      String text = lines.get(i).text();
      if (active(text)
          && (value == null || text.equals(assignment) || valueOf(text).equals(value))) {
        lines.remove(i);
        end--;
        changed = true;
      } else {
        i++;
      }
    }
    return new Result(lines, changed ? "option changed" : "OK");
  }

  private static final Pattern BLANK_OR_COMMENT = Pattern.compile("[ \\t]*([#;].*)?");
  private static final Pattern HEADER = Pattern.compile("\\[.*");

  /** The lines of the section without its header: [start, end), or null when it is missing. */
  private Range range(List<Line> lines) {
    int start = -1;
    if (section == null) {
      start = 0;
    } else {
      Pattern header = Pattern.compile("\\[\\s*" + Pattern.quote(section.strip()) + "\\s*].*");
      for (int i = 0; i < lines.size(); i++) {
        if (header.matcher(lines.get(i).text()).matches()) {
          start = i + 1;
          break;
        }
      }
      if (start < 0) {
        return null;
      }
    }
    int end = start;
    while (end < lines.size() && !HEADER.matcher(lines.get(end).text()).matches()) {
      end++;
    }
    return new Range(start, end);
  }

  private record Range(int start, int end) {}

  private boolean active(String line) {
    return Pattern.compile("[ \\t]*" + Pattern.quote(option) + "[ \\t]*(=.*)?")
        .matcher(line)
        .matches();
  }

  private boolean commented(String line) {
    return Pattern.compile("[ \\t]*[#;][ \\t]*" + Pattern.quote(option) + "[ \\t]*(=.*)?")
        .matcher(line)
        .matches();
  }

  private static String valueOf(String line) {
    int eq = line.indexOf('=');
    return eq < 0 ? "" : line.substring(eq + 1).strip();
  }
}
