package io.pagetune.template;

/**
 * Jinja2's {@code item.0}: an attribute that is a number reads the item at that index ({@code
 * item[0]}), which Jinjava's parser does not take. Rewritten before Jinjava reads the text, outside
 * string literals, only after a name, {@code ]} or {@code )} (so {@code 1.5} stays a number).
 */
final class JinjaDotIndex {
  private JinjaDotIndex() {}

  /** A bare expression ({@code when:}) with {@code x.0} read as {@code x[0]}. */
  static String expression(String expression) {
    return rewrite(expression, 0, expression.length(), new StringBuilder()).toString();
  }

  /** A template: the same inside its {@code {{ }}} and {@code {% %}} blocks. */
  static String template(String text) {
    if (text.indexOf('.') < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 8);
    int at = 0;
    while (at < text.length()) {
      int open = nextOpen(text, at);
      if (open < 0) {
        out.append(text, at, text.length());
        break;
      }
      String close = text.charAt(open + 1) == '{' ? "}}" : "%}";
      int end = text.indexOf(close, open + 2);
      end = end < 0 ? text.length() : end;
      out.append(text, at, open + 2);
      rewrite(text, open + 2, end, out);
      at = end;
    }
    return out.toString();
  }

  private static int nextOpen(String text, int from) {
    int a = text.indexOf("{{", from);
    int b = text.indexOf("{%", from);
    return a < 0 ? b : (b < 0 ? a : Math.min(a, b));
  }

  private static StringBuilder rewrite(String s, int from, int to, StringBuilder out) {
    int blockStart = out.length();
    char quote = 0;
    int i = from;
    while (i < to) {
      char c = s.charAt(i);
      if (quote != 0) {
        out.append(c);
        if (c == '\\' && i + 1 < to) {
          out.append(s.charAt(++i));
        } else if (c == quote) {
          quote = 0;
        }
        i++;
        continue;
      }
      if (c == '\'' || c == '"') {
        quote = c;
        out.append(c);
        i++;
        continue;
      }
      int digits = i + 1;
      while (c == '.' && digits < to && Character.isDigit(s.charAt(digits))) {
        digits++;
      }
      if (c == '.' && digits > i + 1 && !continues(s, digits, to) && afterValue(out, blockStart)) {
        out.append('[').append(s, i + 1, digits).append(']');
        i = digits;
        continue;
      }
      out.append(c);
      i++;
    }
    return out;
  }

  private static boolean continues(String s, int at, int to) {
    return at < to && (Character.isLetterOrDigit(s.charAt(at)) || s.charAt(at) == '_');
  }

  /** Whether what is written so far ends in a name, {@code ]} or {@code )}, not a number. */
  private static boolean afterValue(StringBuilder out, int from) {
    int end = out.length();
    if (end == from) {
      return false;
    }
    char before = out.charAt(end - 1);
    if (before == ']' || before == ')') {
      return true;
    }
    int start = end;
    while (start > from
        && (Character.isLetterOrDigit(out.charAt(start - 1)) || out.charAt(start - 1) == '_')) {
      start--;
    }
    return start < end && !Character.isDigit(out.charAt(start));
  }
}
