package io.pagetune.modules.builtin;

import java.util.ArrayList;
import java.util.List;

/**
 * A text as lines that remember their own terminator, so editing some lines writes the others back
 * byte for byte, including a last line without a final newline and CRLF endings.
 */
final class TextLines {
  private TextLines() {}

  /** One line: its text and its terminator ("\n", "\r\n", or "" for an unterminated last line). */
  record Line(String text, String end) {
    static Line of(String text) {
      return new Line(text, "\n");
    }

    Line terminated(String newline) {
      return end.isEmpty() ? new Line(text, newline) : this;
    }

    Line withText(String newText) {
      return new Line(newText, end);
    }
  }

  static boolean endsWithNewline(List<Line> lines) {
    return lines.isEmpty() || !lines.get(lines.size() - 1).end().isEmpty();
  }

  static List<Line> parse(String text) {
    List<Line> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        boolean crlf = i > start && text.charAt(i - 1) == '\r';
        lines.add(new Line(text.substring(start, crlf ? i - 1 : i), crlf ? "\r\n" : "\n"));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      lines.add(new Line(text.substring(start), ""));
    }
    return lines;
  }

  static String join(List<Line> lines) {
    StringBuilder sb = new StringBuilder();
    for (Line l : lines) {
      sb.append(l.text()).append(l.end());
    }
    return sb.toString();
  }

  /** The terminator for added lines: the file's own style, "\n" unless its first line is CRLF. */
  static String newline(List<Line> lines) {
    return !lines.isEmpty() && lines.get(0).end().equals("\r\n") ? "\r\n" : "\n";
  }

  /** Appends a line, terminating the previous last line first so the two do not merge. */
  static void append(List<Line> lines, Line line) {
    terminateLast(lines);
    lines.add(line);
  }

  static void terminateLast(List<Line> lines) {
    if (!lines.isEmpty()) {
      int last = lines.size() - 1;
      lines.set(last, lines.get(last).terminated(newline(lines)));
    }
  }

  /** Removes the final newline again when the file had none and its last line was removed. */
  static void keepUnterminatedEnd(List<Line> lines, boolean hadFinalNewline) {
    if (!hadFinalNewline && !lines.isEmpty()) {
      int last = lines.size() - 1;
      lines.set(last, new Line(lines.get(last).text(), ""));
    }
  }
}
