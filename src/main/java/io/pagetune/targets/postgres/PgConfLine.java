package io.pagetune.targets.postgres;

import java.util.Optional;

/**
 * One line of a PostgreSQL configuration file (postgresql.conf, its includes, postgresql.auto.conf,
 * Debian's pg_ctl.conf), parsed as the server's lexer does (PostgreSQL docs §20.1.2): {@code name
 * [=] value [# comment]}, the name case-insensitive, the value a single-quoted string ({@code ''}
 * or a backslash escaping a quote) or one unquoted word.
 *
 * @param name the parameter, lower case
 * @param value the value with quotes and escapes resolved
 */
record PgConfLine(String name, String value) {

  /** What a line holds: nothing (blank, comment), an assignment, or a syntax error. */
  record Parsed(Optional<PgConfLine> assignment, boolean malformed) {}

  static Parsed parse(String line) {
    String s = line.strip();
    if (s.isEmpty() || s.startsWith("#")) {
      return new Parsed(Optional.empty(), false);
    }
    int i = 0;
    while (i < s.length() && isNameChar(s.charAt(i), i == 0)) {
      i++;
    }
    if (i == 0) {
      return new Parsed(Optional.empty(), true);
    }
    String name = s.substring(0, i).toLowerCase(java.util.Locale.ROOT);
    i = skipSpace(s, i);
    if (i < s.length() && s.charAt(i) == '=') {
      i = skipSpace(s, i + 1);
    }
    StringBuilder value = new StringBuilder();
    if (i < s.length() && s.charAt(i) == '\'') {
      i++;
      boolean closed = false;
      while (i < s.length()) {
        char c = s.charAt(i);
        if (c == '\'' && i + 1 < s.length() && s.charAt(i + 1) == '\'') {
          value.append('\'');
          i += 2;
        } else if (c == '\'') {
          closed = true;
          i++;
          break;
        } else if (c == '\\' && i + 1 < s.length()) {
          value.append(unescape(s.charAt(i + 1)));
          i += 2;
        } else {
          value.append(c);
          i++;
        }
      }
      if (!closed) {
        return new Parsed(Optional.empty(), true);
      }
    } else {
      while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && s.charAt(i) != '#') {
        value.append(s.charAt(i++));
      }
      if (value.length() == 0) {
        return new Parsed(Optional.empty(), true);
      }
    }
    i = skipSpace(s, i);
    if (i < s.length() && s.charAt(i) != '#') {
      return new Parsed(Optional.empty(), true);
    }
    return new Parsed(Optional.of(new PgConfLine(name, value.toString())), false);
  }

  private static boolean isNameChar(char c, boolean first) {
    boolean letter = Character.isLetter(c) || c == '_' || c >= 0x80;
    return first ? letter : letter || Character.isDigit(c) || c == '$' || c == '.';
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static char unescape(char c) {
    return switch (c) {
      case 'n' -> '\n';
      case 't' -> '\t';
      case 'r' -> '\r';
      case 'b' -> '\b';
      case 'f' -> '\f';
      default -> c;
    };
  }
}
