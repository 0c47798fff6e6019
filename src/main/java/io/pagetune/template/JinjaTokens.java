package io.pagetune.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The tokens of a Jinja2 expression, as {@link JinjaConstructs} walks them: no evaluation. */
final class JinjaTokens {
  private JinjaTokens() {}

  static boolean isKeyword(String s) {
    return Set.of("and", "or", "not", "in", "is", "if", "else").contains(s);
  }

  static int matching(List<Token> t, int open) {
    int depth = 0;
    for (int j = open; j < t.size(); j++) {
      Token x = t.get(j);
      if (x.type() != Type.OP) {
        continue;
      }
      if (x.is("(") || x.is("[") || x.is("{")) {
        depth++;
      } else if (x.is(")") || x.is("]") || x.is("}")) {
        depth--;
        if (depth == 0) {
          return j;
        }
      }
    }
    return t.size();
  }

  static String unquote(String s) {
    return s.length() >= 2 ? s.substring(1, s.length() - 1) : s;
  }

  enum Type {
    STRING,
    NUMBER,
    NAME,
    OP,
    OTHER
  }

  record Token(Type type, String text, int offset) {
    boolean is(String s) {
      return text.equals(s) && type != Type.STRING;
    }
  }

  static final List<String> OPERATORS =
      List.of(
          "**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">", "=", "(", ")",
          "[", "]", "{", "}", ",", ":", ".", "|");

  static List<Token> tokens(String s, int base) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c) {
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        int end = Math.min(j + 1, s.length());
        out.add(new Token(Type.STRING, s.substring(i, end), base + i));
        i = end;
      } else if (Character.isDigit(c)
          || (c == '.'
              && i + 1 < s.length()
              && Character.isDigit(s.charAt(i + 1))
              && (out.isEmpty() || !out.get(out.size() - 1).is(")")))) {
        int j = i;
        while (j < s.length()
            && (Character.isLetterOrDigit(s.charAt(j))
                || s.charAt(j) == '_'
                || (s.charAt(j) == '.' && j + 1 < s.length() && Character.isDigit(s.charAt(j + 1)))
                || ((s.charAt(j) == '+' || s.charAt(j) == '-')
                    && (s.charAt(j - 1) == 'e' || s.charAt(j - 1) == 'E')))) {
          j++;
        }
        out.add(new Token(Type.NUMBER, s.substring(i, j), base + i));
        i = j;
      } else if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
          j++;
        }
        out.add(new Token(Type.NAME, s.substring(i, j), base + i));
        i = j;
      } else {
        String op = null;
        for (String candidate : OPERATORS) {
          if (s.startsWith(candidate, i)) {
            op = candidate;
            break;
          }
        }
        if (op == null) {
          out.add(new Token(Type.OTHER, String.valueOf(c), base + i));
          i++;
        } else {
          out.add(new Token(Type.OP, op, base + i));
          i += op.length();
        }
      }
    }
    return out;
  }

  static int indexOf(List<Token> tokens, String text) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).text().equals(text) && tokens.get(i).type() != Type.STRING) {
        return i;
      }
    }
    return -1;
  }
}
