package io.pagetune.modules.builtin;

import java.util.regex.Matcher;

/**
 * Expands a replacement written for Python's {@code re.sub}: {@code \1}…{@code \99}, {@code \g<1>},
 * {@code \g<name>}, the escapes {@code \n \t \r \f \v \a \\}; an unmatched group is empty, and a
 * {@code $} is literal (unlike Java's {@link Matcher#appendReplacement}).
 */
final class PythonTemplate {
  private PythonTemplate() {}

  /**
   * @throws IllegalArgumentException for an unknown group or a bad escape such as {@code \q}, which
   *     Python refuses too
   */
  static String expand(String template, Matcher match) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c != '\\') {
        out.append(c);
        i++;
        continue;
      }
      if (i + 1 >= template.length()) {
        throw new IllegalArgumentException("bad escape (end of pattern) at position " + i);
      }
      char next = template.charAt(i + 1);
      int end = i + 2;
      switch (next) {
        case '\\' -> out.append('\\');
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'f' -> out.append('\f');
        case 'v' -> out.append('\u000b');
        case 'a' -> out.append('\u0007');
        case 'g' -> {
          int close = template.indexOf('>', i + 3);
          if (i + 2 >= template.length() || template.charAt(i + 2) != '<' || close < 0) {
            throw new IllegalArgumentException("missing group name in \\g<…> at position " + i);
          }
          String ref = template.substring(i + 3, close);
          out.append(ref.matches("\\d+") ? group(match, Integer.parseInt(ref)) : named(match, ref));
          end = close + 1;
        }
        default -> {
          if (next >= '1' && next <= '9') {
            int group = next - '0';
            if (end < template.length() && Character.isDigit(template.charAt(end))) {
              group = group * 10 + (template.charAt(end) - '0');
              end++;
            }
            out.append(group(match, group));
          } else if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '0') {
            throw new IllegalArgumentException("bad escape \\" + next + " in the replacement");
          } else {
            out.append(c).append(next);
          }
        }
      }
      i = end;
    }
    return out.toString();
  }

  private static String group(Matcher match, int group) {
    if (group > match.groupCount()) {
      throw new IllegalArgumentException("invalid group reference " + group);
    }
    String value = match.group(group);
    return value == null ? "" : value;
  }

  private static String named(Matcher match, String name) {
    try {
      String value = match.group(name);
      return value == null ? "" : value;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown group name '" + name + "'", e);
    }
  }
}
