package io.pagetune.modules.builtin;

import java.util.regex.Pattern;

/**
 * Compiles a regular expression written for Python's {@code re} (as Ansible modules take them) with
 * {@link Pattern}. Python's named groups {@code (?P<name>…)} and back references {@code (?P=name)}
 * are translated, {@code \Z} means end of input as in Python, and lines end at {@code \n} only.
 * {@code \d}, {@code \w} and {@code \s} match Unicode as Python 3 does. Not translated (the README
 * says so): Python's conditional groups {@code (?(1)…)}, and Java-only syntax (possessive {@code
 * *+}, {@code \p{…}}) is accepted where Python would refuse it.
 */
final class PythonRegex {
  private PythonRegex() {}

  /**
   * @param flags extra {@link Pattern} flags (e.g. {@link Pattern#MULTILINE})
   * @throws java.util.regex.PatternSyntaxException when the expression is invalid
   */
  static Pattern compile(String regex, int flags) {
    return Pattern.compile(
        translate(regex), flags | Pattern.UNIX_LINES | Pattern.UNICODE_CHARACTER_CLASS);
  }

  static String translate(String regex) {
    StringBuilder out = new StringBuilder();
    boolean inClass = false;
    for (int i = 0; i < regex.length(); i++) {
      char c = regex.charAt(i);
      if (c == '\\' && i + 1 < regex.length()) {
        char next = regex.charAt(i + 1);
        out.append(!inClass && next == 'Z' ? "\\z" : "\\" + next);
        i++;
      } else if (c == '[' && !inClass) {
        inClass = true;
        out.append(c);
        // a ']' right after '[' or '[^' is a literal in both dialects
        if (i + 1 < regex.length() && regex.charAt(i + 1) == '^') {
          out.append('^');
          i++;
        }
        if (i + 1 < regex.length() && regex.charAt(i + 1) == ']') {
          out.append("\\]");
          i++;
        }
      } else if (c == ']' && inClass) {
        inClass = false;
        out.append(c);
      } else if (c == '[' && inClass) {
        // Java would start a nested class (union); Python means a literal '['
        out.append("\\[");
      } else if (!inClass && regex.startsWith("(?P<", i)) {
        out.append("(?<");
        i += 3;
      } else if (!inClass && regex.startsWith("(?P=", i)) {
        int close = regex.indexOf(')', i);
        if (close < 0) {
          out.append(regex, i, regex.length());
          break;
        }
        out.append("\\k<").append(regex, i + 4, close).append('>');
        i = close;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
