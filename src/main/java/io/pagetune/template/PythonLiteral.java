package io.pagetune.template;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Python's {@code ast.literal_eval} for the literals a printed value is made of: strings, whole
 * numbers, floats, {@code True}/{@code False}/{@code None}, lists, tuples (as lists) and dicts.
 * Ansible runs it on a template's text that starts with {@code [} or {@code {} or is {@code
 * True}/{@code False}, so {@code "[{{ a }}, {{ b }}]"} is a list; text it cannot read stays text.
 * It builds data only: nothing in the text is evaluated.
 */
final class PythonLiteral {
  private final String s;
  private int at;

  private PythonLiteral(String s) {
    this.s = s;
  }

  /** The value of the text, or empty when it is not one Python literal. */
  static Optional<Object> parse(String text) {
    PythonLiteral p = new PythonLiteral(text);
    try {
      Object v = p.value(0);
      p.space();
      return p.at == text.length()
          ? Optional.ofNullable(v).or(() -> Optional.of(NONE))
          : Optional.empty();
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      return Optional.empty();
    }
  }

  /** Python's TypeError for text that is a set or dict keyed by a dict or list. */
  static final class Unhashable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unhashable(String message) {
      super(message);
    }
  }

  /** Stands for None in {@link #parse}'s answer (an Optional cannot hold null). */
  static final Object NONE = new Object();

  private static final int MAX_DEPTH = 64;

  private Object value(int depth) {
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException("too deep");
    }
    space();
    char c = s.charAt(at);
    if (c == '[') {
      at++;
      return items(']', depth);
    }
    if (c == '(') {
      at++;
      return items(')', depth);
    }
    if (c == '{') {
      at++;
      return dict(depth);
    }
    if (c == '\'' || c == '"') {
      return string(c);
    }
    if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
      return number();
    }
    for (String word : List.of("True", "False", "None")) {
      if (s.startsWith(word, at) && !identifierAt(at + word.length())) {
        at += word.length();
        return word.equals("None") ? null : Boolean.valueOf(word.equals("True"));
      }
    }
    throw new IllegalArgumentException("not a literal");
  }

  private boolean identifierAt(int i) {
    return i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_');
  }

  private List<Object> items(char close, int depth) {
    List<Object> out = new ArrayList<>();
    space();
    while (s.charAt(at) != close) {
      out.add(value(depth + 1));
      space();
      if (s.charAt(at) == ',') {
        at++;
        space();
      } else if (s.charAt(at) != close) {
        throw new IllegalArgumentException("expected ,");
      }
    }
    at++;
    return out;
  }

  private Map<String, Object> dict(int depth) {
    Map<String, Object> out = new LinkedHashMap<>();
    space();
    while (s.charAt(at) != '}') {
      Object k = value(depth + 1);
      if (k instanceof Map || k instanceof List) {
        // a dict or list as a set item or dict key: literal_eval raises TypeError, not ValueError
        throw new Unhashable("unhashable type: '" + PythonFilters.typeName(k) + "'");
      }
      space();
      if (s.charAt(at++) != ':') {
        throw new IllegalArgumentException("expected :");
      }
      out.put(PythonText.str(k), value(depth + 1));
      space();
      if (s.charAt(at) == ',') {
        at++;
        space();
      } else if (s.charAt(at) != '}') {
        throw new IllegalArgumentException("expected ,");
      }
    }
    at++;
    return out;
  }

  private String string(char q) {
    StringBuilder out = new StringBuilder();
    at++;
    while (s.charAt(at) != q) {
      char c = s.charAt(at++);
      if (c == '\n') {
        throw new IllegalArgumentException("newline in string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = s.charAt(at++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case '0' -> out.append('\0');
        case '\\', '\'', '"' -> out.append(e);
        case 'x' -> {
          out.append((char) Integer.parseInt(s.substring(at, at + 2), 16));
          at += 2;
        }
        case 'u' -> {
          out.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
          at += 4;
        }
        default -> out.append('\\').append(e);
      }
    }
    at++;
    return out.toString();
  }

  private Object number() {
    int start = at;
    if (s.charAt(at) == '-' || s.charAt(at) == '+') {
      at++;
    }
    while (at < s.length()
        && (Character.isDigit(s.charAt(at))
            || ".eE_".indexOf(s.charAt(at)) >= 0
            || ((s.charAt(at) == '-' || s.charAt(at) == '+')
                && "eE".indexOf(s.charAt(at - 1)) >= 0))) {
      at++;
    }
    String text = s.substring(start, at).replace("_", "");
    if (text.matches("[-+]?\\d+")) {
      BigInteger big = new BigInteger(text);
      return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }
    return Double.parseDouble(text);
  }

  private void space() {
    while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
      at++;
    }
  }
}
