package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an INI host line into words the way a POSIX shell would (Ansible uses {@code shlex}):
 * whitespace separates, quotes group, a backslash escapes, and an unquoted {@code #} starts a
 * comment. Each word remembers its column and whether any part of it was quoted, so that {@code
 * k="1"} stays a string.
 */
final class IniTokenizer {
  record Word(String text, boolean quoted, int valueQuotedFrom, int column) {
    /** Whether the part after the first {@code =} was quoted (the value of {@code k=v}). */
    boolean valueQuoted() {
      int eq = text.indexOf('=');
      return quoted && valueQuotedFrom > eq;
    }
  }

  private IniTokenizer() {}

  /**
   * @param startColumn 1-based column of the first character of {@code line} in its file
   */
  static List<Word> split(String line, SourceLocation lineStart, int startColumn) {
    List<Word> words = new ArrayList<>();
    StringBuilder cur = null;
    boolean quoted = false;
    int quotedFrom = -1;
    int wordColumn = 0;
    int i = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (cur == null) {
        if (Character.isWhitespace(c)) {
          i++;
          continue;
        }
        if (c == '#') {
          break;
        }
        cur = new StringBuilder();
        quoted = false;
        quotedFrom = -1;
        wordColumn = startColumn + i;
      }
      if (Character.isWhitespace(c)) {
        words.add(new Word(cur.toString(), quoted, quotedFrom, wordColumn));
        cur = null;
        i++;
      } else if (c == '#') {
        break;
      } else if (c == '\\') {
        if (i + 1 < line.length()) {
          cur.append(line.charAt(i + 1));
        }
        i += 2;
      } else if (c == '\'' || c == '"') {
        int close = closingQuote(line, i, c);
        if (close < 0) {
          throw new InputException(
              new SourceLocation(lineStart.file(), lineStart.line(), startColumn + i),
              "unterminated " + (c == '"' ? "double" : "single") + " quote");
        }
        if (!quoted) {
          quoted = true;
          quotedFrom = cur.length();
        }
        cur.append(unescape(line.substring(i + 1, close), c));
        i = close + 1;
      } else {
        cur.append(c);
        i++;
      }
    }
    if (cur != null) {
      words.add(new Word(cur.toString(), quoted, quotedFrom, wordColumn));
    }
    return words;
  }

  private static int closingQuote(String line, int open, char quote) {
    for (int j = open + 1; j < line.length(); j++) {
      char c = line.charAt(j);
      if (quote == '"' && c == '\\') {
        j++;
      } else if (c == quote) {
        return j;
      }
    }
    return -1;
  }

  /** In double quotes a backslash escapes only {@code \ " $ `}, as in a POSIX shell. */
  private static String unescape(String body, char quote) {
    if (quote == '\'') {
      return body;
    }
    StringBuilder out = new StringBuilder(body.length());
    for (int j = 0; j < body.length(); j++) {
      char c = body.charAt(j);
      if (c == '\\' && j + 1 < body.length() && "\\\"$`".indexOf(body.charAt(j + 1)) >= 0) {
        out.append(body.charAt(++j));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
