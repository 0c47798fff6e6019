package io.pagetune.template;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Makes an undefined value searched for in a sequence an error, as Ansible's {@code x in list} is.
 * FreeMarker passes an undefined argument of {@code ?seq_contains}, {@code ?seq_index_of} and
 * {@code ?seq_last_index_of} on as null, which matches nothing: {@code when:
 * names?seq_contains(nope)} would silently be false. Their first argument is therefore rewritten to
 * {@code [arg][0]} before parsing, since a list literal refuses an undefined element with
 * FreeMarker's own "undefined variable" error. Only FreeMarker code (inside {@code ${…}} and {@code
 * <#…>} tags) is rewritten; text, string literals and comments stay as written.
 */
final class UndefinedSearchValues {
  private static final List<String> SEARCHES =
      List.of("seq_contains", "seq_index_of", "seq_last_index_of");

  private UndefinedSearchValues() {}

  static String rewrite(String text) {
    if (!text.contains("?seq_")) {
      return text;
    }
    return new Scan(text).run();
  }

  /** One pass over the text, copying it with the arguments wrapped. */
  private static final class Scan {
    private final String text;
    private final StringBuilder out;
    // where a wrapped argument ends: the bracket depth of its call's parenthesis
    private final Deque<Integer> open = new ArrayDeque<>();
    private int i;
    private int depth;
    private boolean interpolation;
    private boolean tag;

    Scan(String text) {
      this.text = text;
      this.out = new StringBuilder(text.length() + 16);
    }

    String run() {
      while (i < text.length()) {
        if (interpolation || tag) {
          code();
        } else {
          plainText();
        }
      }
      return out.toString();
    }

    private void plainText() {
      if (text.startsWith("<#--", i)) {
        copyTo(end("-->", i + 4));
      } else if (text.startsWith("<#noparse>", i)) {
        copyTo(end("</#noparse>", i));
      } else if (text.startsWith("${", i)) {
        interpolation = true;
        copyTo(i + 2);
      } else if (text.startsWith("<#", i) || text.startsWith("<@", i)) {
        tag = true;
        copyTo(i + 2);
      } else {
        copyTo(i + 1);
      }
    }

    private void code() {
      char c = text.charAt(i);
      if (c == '"' || c == '\'') {
        copyTo(stringEnd(c));
        return;
      }
      if (c == '?' && search()) {
        return;
      }
      switch (c) {
        case '(', '[', '{' -> depth++;
        case ')', ']' -> closeArgument(true);
        case ',' -> closeArgument(false);
        case '}' -> {
          if (depth == 0) {
            interpolation = false;
          } else {
            depth--;
          }
        }
        case '>' -> tag = depth > 0;
        default -> {}
      }
      copyTo(i + 1);
    }

    /** At {@code ?}: a search built-in with an argument list starts its wrapped argument. */
    private boolean search() {
      for (String name : SEARCHES) {
        int after = i + 1 + name.length();
        if (text.startsWith(name, i + 1)
            && !(after < text.length() && Character.isLetterOrDigit(text.charAt(after)))) {
          int paren = after;
          while (paren < text.length() && Character.isWhitespace(text.charAt(paren))) {
            paren++;
          }
          if (paren < text.length() && text.charAt(paren) == '(') {
            copyTo(paren + 1);
            depth++;
            out.append('[');
            open.push(depth);
            return true;
          }
        }
      }
      return false;
    }

    private void closeArgument(boolean closing) {
      if (!open.isEmpty() && open.peek() == depth) {
        out.append("][0]");
        open.pop();
      }
      if (closing) {
        depth--;
      }
    }

    private int stringEnd(char quote) {
      boolean raw = i > 0 && text.charAt(i - 1) == 'r';
      int j = i + 1;
      while (j < text.length() && text.charAt(j) != quote) {
        j += !raw && text.charAt(j) == '\\' ? 2 : 1;
      }
      return Math.min(j + 1, text.length());
    }

    private int end(String marker, int from) {
      int at = text.indexOf(marker, from);
      return at < 0 ? text.length() : at + marker.length();
    }

    private void copyTo(int end) {
      out.append(text, i, end);
      i = end;
    }
  }
}
