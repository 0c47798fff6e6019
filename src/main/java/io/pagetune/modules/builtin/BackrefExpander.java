package io.pagetune.modules.builtin;

import java.util.regex.MatchResult;
import java.util.regex.Matcher;

/**
 * Fills a {@code lineinfile} line with groups of the regexp match, with the template syntax Ansible
 * users write: {@code \1} … {@code \99}, {@code \g<1>}, {@code \g<name>}, and {@code \\} for a
 * backslash. An unmatched group is empty. Other backslashes stay as they are; in particular {@code
 * \n} is not turned into a newline.
 */
final class BackrefExpander {
  private BackrefExpander() {}

  /**
   * @throws IllegalArgumentException when the template names a group the regexp does not have
   */
  static String expand(String template, Matcher match) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c != '\\' || i + 1 >= template.length()) {
        out.append(c);
        i++;
        continue;
      }
      char next = template.charAt(i + 1);
      if (next == '\\') {
        out.append('\\');
        i += 2;
      } else if (next >= '1' && next <= '9') {
        int group = next - '0';
        int end = i + 2;
        if (end < template.length() && Character.isDigit(template.charAt(end))) {
          int two = group * 10 + (template.charAt(end) - '0');
          if (two <= match.groupCount()) {
            group = two;
            end++;
          }
        }
        out.append(group(match, group));
        i = end;
      } else if (next == 'g' && i + 2 < template.length() && template.charAt(i + 2) == '<') {
        int close = template.indexOf('>', i + 3);
        if (close < 0) {
          throw new IllegalArgumentException("unterminated group reference \\g<");
        }
        String ref = template.substring(i + 3, close);
        out.append(ref.matches("\\d+") ? group(match, Integer.parseInt(ref)) : named(match, ref));
        i = close + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static String group(MatchResult match, int group) {
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
