package io.pagetune.targets.solaris;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The POSIX sh syntax {@link StartservScript} reads: a line's simple commands, a command's words, a
 * word's value with its parameters expanded, comments. Enough for the assignments and the start
 * line of a startserv script; command substitutions are left as written.
 */
final class ShellSyntax {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private ShellSyntax() {}

  /**
   * The shell word's value: quotes removed, {@code $X}, {@code ${X}}, {@code ${X:-w}} and {@code
   * ${X:+w}} expanded from what the script set; command substitutions are left as written.
   */
  static String expand(String word, Map<String, String> values) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    boolean single = false;
    while (i < word.length()) {
      char c = word.charAt(i);
      if (single) {
        if (c == '\'') {
          single = false;
        } else {
          out.append(c);
        }
        i++;
      } else if (c == '\'') {
        single = true;
        i++;
      } else if (c == '"') {
        i++;
      } else if (c == '\\' && i + 1 < word.length()) {
        out.append(word.charAt(i + 1));
        i += 2;
      } else if (c == '$' && i + 1 < word.length() && word.charAt(i + 1) == '{') {
        int close = word.indexOf('}', i + 2);
        if (close < 0) {
          out.append(word.substring(i));
          break;
        }
        out.append(parameter(word.substring(i + 2, close), values));
        i = close + 1;
      } else if (c == '$') {
        Matcher m = NAME.matcher(word).region(i + 1, word.length());
        if (m.lookingAt()) {
          out.append(values.getOrDefault(m.group(), ""));
          i = m.end();
        } else {
          out.append(c);
          i++;
        }
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static String parameter(String inside, Map<String, String> values) {
    Matcher m = NAME.matcher(inside);
    if (!m.lookingAt()) {
      return "";
    }
    String value = values.getOrDefault(m.group(), "");
    String rest = inside.substring(m.end());
    if (rest.startsWith(":-") || rest.startsWith("-")) {
      String w = rest.substring(rest.indexOf('-') + 1);
      return value.isEmpty() ? expand(w, values) : value;
    }
    if (rest.startsWith(":+") || rest.startsWith("+")) {
      String w = rest.substring(rest.indexOf('+') + 1);
      return value.isEmpty() ? "" : expand(w, values);
    }
    return value;
  }

  /** The words of a simple command, split on blanks outside quotes and braces, quotes kept. */
  static List<String> words(String statement) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    char quote = 0;
    int braces = 0;
    for (int i = 0; i < statement.length(); i++) {
      char c = statement.charAt(i);
      if (quote != 0) {
        w.append(c);
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"' && i + 1 < statement.length()) {
          w.append(statement.charAt(++i));
        }
      } else if (c == '"' || c == '\'' || c == '`') {
        quote = c;
        w.append(c);
      } else if (c == '{' && i > 0 && statement.charAt(i - 1) == '$') {
        braces++;
        w.append(c);
      } else if (c == '}' && braces > 0) {
        braces--;
        w.append(c);
      } else if (Character.isWhitespace(c) && braces == 0) {
        if (w.length() > 0) {
          out.add(w.toString());
          w.setLength(0);
        }
      } else {
        w.append(c);
      }
    }
    if (w.length() > 0) {
      out.add(w.toString());
    }
    return out;
  }

  /**
   * The simple commands of a line: split on {@code ;}, {@code &&}, {@code ||} outside quotes, with
   * {@code if}/{@code then}/{@code else}/{@code do} keywords dropped so what they guard is seen.
   */
  static List<String> statements(String code) {
    List<String> parts = new ArrayList<>();
    StringBuilder s = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (quote != 0) {
        s.append(c);
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'' || c == '`') {
        quote = c;
        s.append(c);
      } else if (c == ';'
          || (c == '&' && i + 1 < code.length() && code.charAt(i + 1) == '&')
          || (c == '|' && i + 1 < code.length() && code.charAt(i + 1) == '|')) {
        parts.add(s.toString());
        s.setLength(0);
        if (c != ';') {
          i++;
        }
      } else {
        s.append(c);
      }
    }
    parts.add(s.toString());
    List<String> out = new ArrayList<>();
    for (String p : parts) {
      String t = p.strip();
      for (String kw : List.of("then ", "else ", "do ", "elif ", "if ", "while ", "until ")) {
        if (t.startsWith(kw)) {
          t = t.substring(kw.length()).strip();
        }
      }
      if (!t.isEmpty() && !t.startsWith("[") && !t.startsWith("test ")) {
        out.add(t);
      }
    }
    return out;
  }

  static String withoutComment(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'' || c == '`') {
        quote = c;
      } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
