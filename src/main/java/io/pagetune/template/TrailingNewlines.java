package io.pagetune.template;

import java.util.List;

/**
 * The line breaks at the end of a Jinja2 template as ansible-core handles them: Jinja2 (with
 * keep_trailing_newline false, as Ansible runs it) drops the source's final line break, and
 * ansible-core's preserve_trailing_newlines appends to a text result as many as the render lost.
 */
final class TrailingNewlines {
  private TrailingNewlines() {}

  /** The source as Jinja2 renders it: one final line break fewer. */
  static String jinjaSource(String s) {
    for (String eol : List.of("\r\n", "\n", "\r")) {
      if (s.endsWith(eol)) {
        return s.substring(0, s.length() - eol.length());
      }
    }
    return s;
  }

  /** {@code text} with the trailing line breaks {@code source} had and it lacks. */
  static String restore(String text, String source) {
    int missing = count(source) - count(text);
    return missing > 0 ? text + "\n".repeat(missing) : text;
  }

  private static int count(String s) {
    int i = s.length();
    while (i > 0 && s.charAt(i - 1) == '\n') {
      i--;
    }
    return s.length() - i;
  }
}
