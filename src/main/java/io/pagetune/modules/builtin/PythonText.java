package io.pagetune.modules.builtin;

import java.util.ArrayList;
import java.util.List;

/**
 * Python's {@code str} whitespace rules ({@code strip()}, {@code split()}, {@code \s}) and its
 * universal-newline {@code readlines()}, for the modules whose files must come out byte for byte as
 * the Python of the Ansible module they stand in for writes them. Python counts a few more
 * characters as white space than Java's {@link Character#isWhitespace} (no-break spaces, NEL).
 */
final class PythonText {
  private PythonText() {}

  static boolean isSpace(char c) {
    return Character.isWhitespace(c)
        || c == '\u0085'
        || c == '\u00a0'
        || c == '\u2007'
        || c == '\u202f';
  }

  static String strip(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && isSpace(s.charAt(start))) {
      start++;
    }
    while (end > start && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(start, end);
  }

  static String rstrip(String s) {
    int end = s.length();
    while (end > 0 && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(0, end);
  }

  /** {@code s.split()}: the words between runs of white space. */
  static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      while (i < s.length() && isSpace(s.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < s.length() && !isSpace(s.charAt(i))) {
        i++;
      }
      if (i > start) {
        out.add(s.substring(start, i));
      }
    }
    return out;
  }

  /** {@code re.sub(r'\s+', ' ', s)}. */
  static String collapseSpaces(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    boolean inSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        if (!inSpace) {
          sb.append(' ');
        }
        inSpace = true;
      } else {
        sb.append(c);
        inSpace = false;
      }
    }
    return sb.toString();
  }

  /**
   * {@code open(path).readlines()} in text mode: lines end at {@code \n}, {@code \r\n} or a lone
   * {@code \r}, and each is returned without its terminator.
   */
  static List<String> readLines(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        out.add(text.substring(start, i));
        i += c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
        start = i;
      } else {
        i++;
      }
    }
    if (start < text.length()) {
      out.add(text.substring(start));
    }
    return out;
  }
}
