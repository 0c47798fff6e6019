package io.pagetune.template;

/**
 * ansible-core doubles every backslash inside the string literals of a {@code {{ }}} block before
 * Jinja reads a playbook's string ({@code Templar._escape_backslashes}), so a literal keeps the
 * backslashes it was written with: {@code '\d'} and {@code '\\d'} in YAML's text reach the filter
 * as written. Template files ({@code .j2}) are read without this, as Ansible's template module
 * does.
 */
final class AnsibleBackslashes {
  private AnsibleBackslashes() {}

  static String escape(String text) {
    if (text.indexOf('\\') < 0 || !text.contains("{{")) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 8);
    boolean inVar = false;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (!inVar) {
        if (text.startsWith("{{", i)) {
          inVar = true;
          out.append("{{");
          i += 2;
        } else {
          out.append(c);
          i++;
        }
        continue;
      }
      if (text.startsWith("}}", i)) {
        inVar = false;
        out.append("}}");
        i += 2;
      } else if (c == '\'' || c == '"') {
        i = string(text, i, out);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /** Copies the string literal starting at {@code start}, backslashes doubled; returns its end. */
  private static int string(String text, int start, StringBuilder out) {
    char quote = text.charAt(start);
    out.append(quote);
    int i = start + 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        // every backslash doubled, the escaped character kept (a second backslash doubled too)
        char next = text.charAt(i + 1);
        out.append("\\\\").append(next == '\\' ? "\\\\" : String.valueOf(next));
        i += 2;
      } else if (c == quote) {
        out.append(c);
        return i + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return i;
  }
}
