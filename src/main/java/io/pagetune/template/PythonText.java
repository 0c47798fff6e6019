package io.pagetune.template;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Values printed as Python prints them, which is what Ansible writes when a template prints a
 * non-string: {@code True}, {@code None}, {@code ['a', 'b']}, {@code {'k': 1}}, {@code 2.0}.
 */
final class PythonText {
  private PythonText() {}

  /** Python's {@code str()}: a string is itself, anything else its {@link #repr}. */
  static String str(Object v) {
    if (v instanceof String || v instanceof HostText || v instanceof Character) {
      return v.toString();
    }
    return repr(v);
  }

  /** Python's {@code repr()}: strings quoted, containers with their items' repr. */
  static String repr(Object v) {
    if (v == null) {
      return "None";
    }
    if (v instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (v instanceof String || v instanceof HostText || v instanceof Character) {
      return quoted(v.toString());
    }
    if (v instanceof Double || v instanceof Float || v instanceof BigDecimal) {
      return floating(((Number) v).doubleValue());
    }
    if (v instanceof Map<?, ?> m) {
      StringBuilder out = new StringBuilder("{");
      m.forEach(
          (k, x) -> {
            if (out.length() > 1) {
              out.append(", ");
            }
            out.append(repr(k)).append(": ").append(repr(x));
          });
      return out.append('}').toString();
    }
    if (v instanceof PythonTuple t) {
      return t.repr();
    }
    if (v instanceof Iterable<?> l) {
      StringBuilder out = new StringBuilder("[");
      for (Object x : l) {
        if (out.length() > 1) {
          out.append(", ");
        }
        out.append(repr(x));
      }
      return out.append(']').toString();
    }
    return String.valueOf(v);
  }

  /**
   * Python's float repr: the shortest digits that read back, fixed notation from 1e-4 up to 1e16
   * (always with a fraction, {@code 3.0}), scientific outside it ({@code 1e+16}, {@code 1e-07}).
   */
  static String floating(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0.0" : "0.0";
    }
    BigDecimal b = new BigDecimal(Double.toString(d)).stripTrailingZeros();
    int exp = b.precision() - b.scale() - 1;
    String sign = d < 0 ? "-" : "";
    if (exp >= -4 && exp < 16) {
      String plain = b.abs().toPlainString();
      return sign + (plain.contains(".") ? plain : plain + ".0");
    }
    String digits = b.unscaledValue().abs().toString();
    String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
    return sign
        + mantissa
        + "e"
        + (exp < 0 ? "-" : "+")
        + (Math.abs(exp) < 10 ? "0" : "")
        + Math.abs(exp);
  }

  /** Single quotes unless the text holds one and no double quote, as Python chooses. */
  private static String quoted(String s) {
    char q = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    StringBuilder out = new StringBuilder().append(q);
    for (char c : s.toCharArray()) {
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c == q) {
            out.append('\\');
          }
          out.append(c);
        }
      }
    }
    return out.append(q).toString();
  }
}
