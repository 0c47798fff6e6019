package io.pagetune.modules.builtin;

import io.pagetune.modules.builtin.TextLines.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pure text edit behind {@code lineinfile}, with Ansible's rules: the last line matching {@code
 * regexp} (or equal to {@code line}) is replaced; when none matches, the line is inserted after the
 * last {@code insertafter} match / before the last {@code insertbefore} match, or at the end;
 * {@code absent} removes every matching line.
 *
 * @param regexp null = lines are matched by being equal to {@code line}
 * @param insertAfter null, "EOF", "BOF" or a regular expression
 * @param insertBefore null, "BOF" or a regular expression
 */
record LineEdit(
    Pattern regexp,
    String line,
    String insertAfter,
    String insertBefore,
    boolean backrefs,
    boolean firstMatch) {

  /** The edited lines and what happened ("line added", "line replaced", "" = nothing). */
  record Result(List<Line> lines, String message) {
    Result {
      lines = List.copyOf(lines);
    }
  }

  Result present(List<Line> original) {
    List<Line> lines = new ArrayList<>(original);
    Pattern anchor = anchorPattern();
    int found = -1;
    int insertAt = -1;
    Matcher match = null;
    for (int i = 0; i < lines.size(); i++) {
      String text = lines.get(i).text();
      boolean hit;
      if (regexp != null) {
        Matcher m = regexp.matcher(text);
        hit = m.find();
        if (hit) {
          match = m;
        }
      } else {
        hit = text.equals(line);
      }
      if (hit) {
        found = i;
        if (firstMatch) {
          break;
        }
      } else if (anchor != null && anchor.matcher(text).find()) {
        insertAt = insertAfter != null ? i + 1 : i;
        if (firstMatch) {
          break;
        }
      }
    }
    String newline = TextLines.newline(lines);
    if (found >= 0) {
      String wanted = backrefs && match != null ? BackrefExpander.expand(line, match) : line;
      if (wanted.indexOf('\n') >= 0 || wanted.indexOf('\r') >= 0) {
        throw new IllegalArgumentException("the expanded line contains a line break");
      }
      if (lines.get(found).text().equals(wanted)) {
        return new Result(lines, "");
      }
      lines.set(found, lines.get(found).withText(wanted));
      return new Result(lines, "line replaced");
    }
    if (backrefs) {
      // without a match there is nothing to fill the groups from: Ansible leaves the file alone
      return new Result(lines, "");
    }
    Line added = new Line(line, newline);
    if ("BOF".equals(insertBefore) || "BOF".equals(insertAfter)) {
      lines.add(0, added);
    } else if ("EOF".equals(insertAfter) || insertAt < 0) {
      TextLines.append(lines, added);
    } else if (insertAfter != null) {
      if (insertAt == lines.size()) {
        if (lines.get(insertAt - 1).text().equals(line)) {
          return new Result(lines, "");
        }
        TextLines.append(lines, added);
      } else {
        if (lines.get(insertAt).text().equals(line)) {
          return new Result(lines, "");
        }
        lines.add(insertAt, added);
      }
    } else {
      if (insertAt > 0 && lines.get(insertAt - 1).text().equals(line)) {
        return new Result(lines, "");
      }
      lines.add(insertAt, added);
    }
    return new Result(lines, "line added");
  }

  Result absent(List<Line> original) {
    List<Line> lines = new ArrayList<>();
    int removed = 0;
    for (Line l : original) {
      boolean hit = regexp != null ? regexp.matcher(l.text()).find() : l.text().equals(line);
      if (hit) {
        removed++;
      } else {
        lines.add(l);
      }
    }
    if (removed == 0) {
      return new Result(lines, "");
    }
    TextLines.keepUnterminatedEnd(lines, TextLines.endsWithNewline(original));
    // ansible.builtin.lineinfile's own wording, and no msg when nothing was removed
    return new Result(lines, removed == 0 ? "" : removed + " line(s) removed");
  }

  private Pattern anchorPattern() {
    if (insertAfter != null && !insertAfter.equals("EOF") && !insertAfter.equals("BOF")) {
      return Pattern.compile(insertAfter);
    }
    if (insertBefore != null && !insertBefore.equals("BOF")) {
      return Pattern.compile(insertBefore);
    }
    return null;
  }
}
