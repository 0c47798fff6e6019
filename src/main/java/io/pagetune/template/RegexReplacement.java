package io.pagetune.template;

import freemarker.template.TemplateModelException;
import java.util.regex.Matcher;

/**
 * The replacement of {@code regex_replace} as Ansible's (Python's {@code re.sub}) reads it: {@code
 * \1} and {@code \g<1>} or {@code \g<name>} are groups, {@code \\}, {@code \n}, {@code \t} and
 * {@code \r} are escapes, and everything else, {@code $} included, is itself. Java's own syntax
 * would read {@code $1} in a value as a group. A replacement that is host text is all literal: what
 * a host said is data, never syntax.
 */
final class RegexReplacement {
  private final String replacement;
  private final boolean literal;

  private RegexReplacement(String replacement, boolean literal) {
    this.replacement = replacement;
    this.literal = literal;
  }

  /** The replacement a playbook wrote (groups and escapes apply). */
  static RegexReplacement written(String replacement) {
    return new RegexReplacement(replacement, false);
  }

  /** A replacement that came from a host: taken as it is. */
  static RegexReplacement hostText(String replacement) {
    return new RegexReplacement(replacement, true);
  }

  /** Every match of {@code matcher} replaced. */
  String replaceAll(Matcher matcher) throws TemplateModelException {
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      matcher.appendReplacement(out, "");
      if (literal) {
        out.append(replacement);
      } else {
        expand(matcher, out);
      }
    }
    matcher.appendTail(out);
    return out.toString();
  }

  private void expand(Matcher m, StringBuilder out) throws TemplateModelException {
    int i = 0;
    while (i < replacement.length()) {
      char c = replacement.charAt(i);
      if (c != '\\' || i + 1 == replacement.length()) {
        out.append(c);
        i++;
        continue;
      }
      char next = replacement.charAt(i + 1);
      if (Character.isDigit(next)) {
        int end = i + 2;
        if (end < replacement.length() && Character.isDigit(replacement.charAt(end))) {
          end++; // Python reads at most two digits as a group number
        }
        append(m, replacement.substring(i + 1, end), out);
        i = end;
      } else if (next == 'g' && replacement.startsWith("<", i + 2)) {
        int close = replacement.indexOf('>', i + 3);
        if (close < 0) {
          throw new TemplateModelException("regex_replace(): missing '>' in group reference");
        }
        append(m, replacement.substring(i + 3, close), out);
        i = close + 1;
      } else {
        out.append(escape(next));
        i += 2;
      }
    }
  }

  private static String escape(char c) {
    return switch (c) {
      case '\\' -> "\\";
      case 'n' -> "\n";
      case 't' -> "\t";
      case 'r' -> "\r";
      case 'f' -> "\f";
      case 'v' -> "\u000b";
      case 'a' -> "\u0007";
      default -> "\\" + c; // as Python keeps an unknown escape of a non-letter
    };
  }

  private static void append(Matcher m, String group, StringBuilder out)
      throws TemplateModelException {
    String text;
    try {
      text = group.matches("[0-9]+") ? m.group(Integer.parseInt(group)) : m.group(group);
    } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
      throw new TemplateModelException("regex_replace(): invalid group reference " + group);
    }
    if (text != null) {
      out.append(text); // a group that took no part in the match is empty, as in Python
    }
  }
}
