package io.pagetune.report;

/**
 * Text for a person's terminal, which obeys escape sequences: a host's output holding {@code
 * \033]0;…\007} or {@code \033[2J} would retitle or clear the operator's terminal, and bidi
 * controls (U+202E) would show a name reversed. Every control character is shown as a JSON-style
 * {@code \}{@code uXXXX} escape instead (so escaped text stays valid inside JSON strings): C0
 * controls, DEL, C1 controls, the bidi embedding, override and isolate marks and the Unicode line
 * and paragraph separators. Newline and tab stay where they are structure ({@link #escape}); in a
 * table cell or a name they are escaped too ({@link #escapeInline}).
 */
public final class TerminalText {
  private TerminalText() {}

  /** The text with every control escaped except newline and tab. */
  public static String escape(CharSequence text) {
    return escape(text, true);
  }

  /** The text with every control escaped, newline and tab included: one line, one cell. */
  public static String escapeInline(CharSequence text) {
    return escape(text, false);
  }

  private static String escape(CharSequence text, boolean keepLayout) {
    if (text == null) {
      return null;
    }
    int first = firstControl(text, keepLayout);
    if (first < 0) {
      return text.toString();
    }
    StringBuilder sb = new StringBuilder(text.length() + 16);
    sb.append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      if (isControl(c, keepLayout)) {
        sb.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static int firstControl(CharSequence text, boolean keepLayout) {
    for (int i = 0; i < text.length(); i++) {
      if (isControl(text.charAt(i), keepLayout)) {
        return i;
      }
    }
    return -1;
  }

  static boolean isControl(char c, boolean keepLayout) {
    if (c == '\n' || c == '\t') {
      return !keepLayout;
    }
    return c < 0x20
        || (c >= 0x7F && c <= 0x9F)
        || c == 0x061C
        || c == 0x200E
        || c == 0x200F
        || (c >= 0x2028 && c <= 0x202E)
        || (c >= 0x2066 && c <= 0x2069);
  }
}
