package io.pagetune.template;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's printf-style {@code text % values}: {@code %s %r %d %i %u %f %F %e %E %g %G %x %X %o %c
 * %%} with {@code %(name)s}, the flags {@code - + space # 0}, width and precision ({@code *} too);
 * a tuple gives the values one by one, a dict the named ones, anything else is the one value.
 * Floats are rounded from their exact binary value, half to even, as Python rounds them.
 */
final class PythonFormat {
  private static final Pattern SPEC =
      Pattern.compile("%(?:\\(([^)]*)\\))?([-+ #0]*)(\\*|\\d+)?(?:\\.(\\*|\\d+))?[hlL]?(.)?");

  private PythonFormat() {}

  static String format(String template, Object values) {
    List<?> positional =
        values instanceof PythonTuple t ? t : List.of(values == null ? NONE : values);
    Map<?, ?> named = values instanceof Map<?, ?> m ? m : null;
    StringBuilder out = new StringBuilder();
    Matcher m = SPEC.matcher(template);
    int at = 0;
    int next = 0;
    boolean usedNames = false;
    while (m.find(at)) {
      out.append(template, at, m.start());
      at = m.end();
      String conversion = m.group(5);
      if (conversion == null) {
        throw new IllegalArgumentException("incomplete format");
      }
      if (conversion.equals("%") && m.group(1) == null && m.end() - m.start() == 2) {
        out.append('%');
        continue;
      }
      Object value;
      int width = -1;
      int precision = -1;
      if (m.group(3) != null) {
        if (m.group(3).equals("*")) {
          width = ((Number) take(positional, next++)).intValue();
        } else {
          width = Integer.parseInt(m.group(3));
        }
      }
      if (m.group(4) != null) {
        if (m.group(4).equals("*")) {
          precision = ((Number) take(positional, next++)).intValue();
        } else {
          precision = Integer.parseInt(m.group(4));
        }
      }
      if (m.group(1) != null) {
        if (named == null) {
          throw new IllegalArgumentException("format requires a mapping");
        }
        if (!named.containsKey(m.group(1))) {
          throw new IllegalArgumentException("KeyError: '" + m.group(1) + "'");
        }
        value = named.get(m.group(1));
        usedNames = true;
      } else {
        value = take(positional, next++);
      }
      out.append(
          pad(
              convert(conversion.charAt(0), value == NONE ? null : value, m.group(2), precision),
              m.group(2),
              width,
              conversion.charAt(0)));
    }
    out.append(template.substring(at));
    if (!usedNames && named == null && next < positional.size()) {
      throw new IllegalArgumentException("not all arguments converted during string formatting");
    }
    return out.toString();
  }

  private static final Object NONE = new Object();

  private static Object take(List<?> values, int i) {
    if (i >= values.size()) {
      throw new IllegalArgumentException("not enough arguments for format string");
    }
    return values.get(i);
  }

  private static String convert(char c, Object v, String flags, int precision) {
    return switch (c) {
      case 's' -> cut(PythonText.str(v), precision);
      case 'r', 'a' -> cut(PythonText.repr(v), precision);
      case 'd', 'i', 'u' -> signed(integer(v, c).toString(), flags);
      case 'x', 'X', 'o' -> radix(integer(v, c), c, flags);
      case 'f', 'F', 'e', 'E', 'g', 'G' ->
          signed(real(v, c, precision < 0 ? 6 : precision, flags), flags);
      case 'c' -> character(v);
      default -> throw new IllegalArgumentException("unsupported format character '" + c + "'");
    };
  }

  private static String cut(String s, int precision) {
    return precision >= 0 && precision < s.length() ? s.substring(0, precision) : s;
  }

  private static BigInteger integer(Object v, char c) {
    if (v instanceof Boolean b) {
      return b ? BigInteger.ONE : BigInteger.ZERO;
    }
    if (v instanceof BigInteger i) {
      return i;
    }
    if (v instanceof Long || v instanceof Integer) {
      return BigInteger.valueOf(((Number) v).longValue());
    }
    if (v instanceof Number n && (c == 'd' || c == 'i' || c == 'u')) {
      return new BigDecimal(n.doubleValue()).toBigInteger();
    }
    throw new IllegalArgumentException(
        "%"
            + c
            + " format: "
            + (c == 'd' || c == 'i' || c == 'u' ? "a real number" : "an integer")
            + " is required, not "
            + PythonFilters.typeName(v));
  }

  private static String radix(BigInteger n, char c, String flags) {
    String digits = n.abs().toString(c == 'o' ? 8 : 16);
    if (c == 'X') {
      digits = digits.toUpperCase(Locale.ROOT);
    }
    String prefix = flags.contains("#") ? (c == 'o' ? "0o" : c == 'x' ? "0x" : "0X") : "";
    return signed((n.signum() < 0 ? "-" : "") + prefix + digits, flags);
  }

  private static String real(Object v, char c, int precision, String flags) {
    if (!(v instanceof Number) && !(v instanceof Boolean)) {
      throw new IllegalArgumentException("must be real number, not " + PythonFilters.typeName(v));
    }
    double d = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      String s = Double.isNaN(d) ? "nan" : (d > 0 ? "inf" : "-inf");
      return Character.isUpperCase(c) ? s.toUpperCase(Locale.ROOT) : s;
    }
    BigDecimal exact = new BigDecimal(d);
    String s =
        switch (Character.toLowerCase(c)) {
          case 'f' -> exact.setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
          case 'e' -> exponential(exact, precision);
          default -> general(exact, precision == 0 ? 1 : precision, flags.contains("#"));
        };
    if (d == 0 && 1 / d < 0 && !s.startsWith("-")) {
      s = "-" + s;
    }
    return Character.isUpperCase(c) ? s.toUpperCase(Locale.ROOT) : s;
  }

  /** {@code d.ddde+XX}: precision digits after the point, an exponent of two digits or more. */
  private static String exponential(BigDecimal v, int precision) {
    if (v.signum() == 0) {
      return (precision > 0 ? "0." + "0".repeat(precision) : "0") + "e+00";
    }
    BigDecimal r = v.round(new MathContext(precision + 1, RoundingMode.HALF_EVEN));
    int exponent = r.precision() - r.scale() - 1;
    BigDecimal mantissa = r.movePointLeft(exponent).setScale(precision, RoundingMode.HALF_EVEN);
    String e = String.valueOf(Math.abs(exponent));
    return mantissa.toPlainString() + (exponent < 0 ? "e-" : "e+") + (e.length() < 2 ? "0" + e : e);
  }

  /** Python's %g: fixed or exponential by the exponent, trailing zeros dropped unless #. */
  private static String general(BigDecimal v, int precision, boolean keepZeros) {
    if (v.signum() == 0) {
      return keepZeros ? "0." + "0".repeat(Math.max(0, precision - 1)) : "0";
    }
    BigDecimal r = v.round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exponent = r.precision() - r.scale() - 1;
    String s;
    if (exponent >= -4 && exponent < precision) {
      s = r.setScale(Math.max(0, precision - 1 - exponent), RoundingMode.HALF_EVEN).toPlainString();
      return keepZeros ? s : dropZeros(s);
    }
    s = exponential(v, precision - 1);
    if (keepZeros) {
      return s;
    }
    int e = s.indexOf('e');
    return dropZeros(s.substring(0, e)) + s.substring(e);
  }

  private static String dropZeros(String s) {
    if (!s.contains(".")) {
      return s;
    }
    String t = s.replaceFirst("0+$", "");
    return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
  }

  private static String character(Object v) {
    if (v instanceof Long || v instanceof Integer) {
      return new String(Character.toChars(((Number) v).intValue()));
    }
    String s = PythonText.str(v);
    if (!(v instanceof String || v instanceof HostText) || s.codePointCount(0, s.length()) != 1) {
      throw new IllegalArgumentException("%c requires int or char");
    }
    return s;
  }

  private static String signed(String s, String flags) {
    if (s.startsWith("-")) {
      return s;
    }
    return flags.contains("+") ? "+" + s : flags.contains(" ") ? " " + s : s;
  }

  private static String pad(String s, String flags, int width, char c) {
    if (width <= s.length()) {
      return s;
    }
    String fill = " ".repeat(width - s.length());
    if (flags.contains("-")) {
      return s + fill;
    }
    boolean numeric = "diuxXofFeEgG".indexOf(c) >= 0;
    if (flags.contains("0") && numeric) {
      int sign = s.startsWith("-") || s.startsWith("+") || s.startsWith(" ") ? 1 : 0;
      int prefix =
          s.startsWith("0x", sign) || s.startsWith("0X", sign) || s.startsWith("0o", sign) ? 2 : 0;
      return s.substring(0, sign + prefix)
          + "0".repeat(width - s.length())
          + s.substring(sign + prefix);
    }
    return fill + s;
  }
}
