package io.pagetune.template;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Jinja2's {@code int}, {@code float} and {@code round} filters as Python computes them, where
 * Jinjava's differ: {@code int} reads {@code ' 12 '}, {@code '1e3'}, {@code '0x1F'} with {@code
 * base=16} and {@code true}; {@code float} reads what Python's {@code float()} reads; {@code round}
 * rounds the exact binary value half to even ({@code 2.675 | round(2)} is 2.67, {@code 2.5 | round}
 * is 2.0) and keeps a whole number whole; Ansible's {@code pow} is Python's {@code math.pow}, a
 * float always; Jinja2's {@code filesizeformat} writes decimal (kB) or binary (KiB) units.
 */
final class JinjaNumberFilters {
  private JinjaNumberFilters() {}

  static List<JinjaFilter> all() {
    return List.of(
        new JinjaFilter("int", JinjaNumberFilters::toInt),
        new JinjaFilter("float", JinjaNumberFilters::toFloat),
        new JinjaFilter("round", JinjaNumberFilters::round),
        new JinjaFilter("pow", JinjaNumberFilters::pow),
        new JinjaFilter("filesizeformat", JinjaNumberFilters::fileSize));
  }

  /** {@code int(value, default=0, base=10)}: int(), else int(float()), else the default. */
  private static Object toInt(Object v, List<Object> a, Map<String, Object> k) {
    Object fallback = JinjaFilter.arg(a, k, 0, "default", 0L);
    int base = ((Number) JinjaFilter.arg(a, k, 1, "base", 10L)).intValue();
    Object x = v instanceof HostText h ? h.text() : v;
    try {
      if (x instanceof String s) {
        return narrow(pythonInt(s, base));
      }
      if (x instanceof Boolean b) {
        return b ? 1L : 0L;
      }
      if (x instanceof Long || x instanceof Integer || x instanceof BigInteger) {
        return narrow(new BigInteger(x.toString()));
      }
      if (x instanceof Number n) {
        return truncate(n.doubleValue());
      }
    } catch (NumberFormatException e) {
      // Jinja2 tries int(float(value)) next
    }
    Double d = pythonFloat(x);
    if (d == null || d.isNaN()) {
      return fallback;
    }
    return truncate(d);
  }

  private static Object toFloat(Object v, List<Object> a, Map<String, Object> k) {
    Double d = pythonFloat(v instanceof HostText h ? h.text() : v);
    return d == null ? JinjaFilter.arg(a, k, 0, "default", 0.0) : d;
  }

  /** {@code round(value, precision=0, method='common')}. */
  private static Object round(Object v, List<Object> a, Map<String, Object> k) {
    int precision = ((Number) JinjaFilter.arg(a, k, 0, "precision", 0L)).intValue();
    String method = String.valueOf(JinjaFilter.arg(a, k, 1, "method", "common"));
    if (!List.of("common", "ceil", "floor").contains(method)) {
      throw new IllegalArgumentException("method must be common, ceil or floor");
    }
    if (!(v instanceof Number) && !(v instanceof Boolean)) {
      throw new IllegalArgumentException(
          "type " + PythonFilters.typeName(v) + " doesn't define __round__ method");
    }
    boolean whole = !(v instanceof Double || v instanceof Float || v instanceof BigDecimal);
    if (method.equals("common")) {
      if (whole) {
        // Python's round() of an int is an int
        BigInteger n =
            v instanceof Boolean b ? BigInteger.valueOf(b ? 1 : 0) : new BigInteger(v.toString());
        return narrow(new BigDecimal(n).setScale(precision, RoundingMode.HALF_EVEN).toBigInteger());
      }
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        return d;
      }
      return new BigDecimal(d).setScale(precision, RoundingMode.HALF_EVEN).doubleValue();
    }
    double scale = Math.pow(10, precision);
    double d = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
    return (method.equals("ceil") ? Math.ceil(d * scale) : Math.floor(d * scale)) / scale;
  }

  /** {@code math.pow(x, y)}: floats in, a float out; overflow and a complex result fail. */
  private static Object pow(Object v, List<Object> a, Map<String, Object> k) {
    if (a.isEmpty()) {
      throw new IllegalArgumentException("pow() missing 1 required positional argument: 'y'");
    }
    double x = realNumber(v);
    double y = realNumber(a.get(0));
    double r = Math.pow(x, y);
    if (Double.isNaN(r) && !Double.isNaN(x) && !Double.isNaN(y)) {
      throw new IllegalArgumentException("math domain error");
    }
    if (Double.isInfinite(r) && !Double.isInfinite(x) && !Double.isInfinite(y)) {
      if (x == 0) {
        throw new IllegalArgumentException("math domain error");
      }
      throw new IllegalArgumentException("math range error");
    }
    return r;
  }

  private static double realNumber(Object v) {
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof BigInteger n) {
      double d = n.doubleValue();
      if (Double.isInfinite(d)) {
        throw new IllegalArgumentException("int too large to convert to float");
      }
      return d;
    }
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    throw new IllegalArgumentException(
        "pow() can only be used on numbers: must be real number, not " + PythonFilters.typeName(v));
  }

  private static final List<String> DECIMAL_UNITS =
      List.of("kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB");
  private static final List<String> BINARY_UNITS =
      List.of("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB");

  /**
   * Jinja2's {@code filesizeformat(value, binary=False)}: float(value) bytes; "1 Byte", whole "N
   * Bytes" below one unit, else one decimal of the largest unit below the value (YB at most).
   */
  private static Object fileSize(Object v, List<Object> a, Map<String, Object> k) {
    Double read = pythonFloat(v instanceof HostText h ? h.text() : v);
    if (read == null) {
      throw new IllegalArgumentException(
          "could not convert " + PythonFilters.typeName(v) + " to float: " + PythonText.repr(v));
    }
    double bytes = read;
    boolean binary = JinjaFilter.truthy(JinjaFilter.arg(a, k, 0, "binary", false));
    int base = binary ? 1024 : 1000;
    if (bytes == 1) {
      return "1 Byte";
    }
    if (bytes < base) {
      return truncate(bytes) + " Bytes";
    }
    List<String> units = binary ? BINARY_UNITS : DECIMAL_UNITS;
    double unit = base;
    for (int i = 0; i < units.size(); i++) {
      unit = Math.pow(base, i + 2);
      if (bytes < unit || i == units.size() - 1) {
        return PythonFormat.format("%.1f", base * bytes / unit) + " " + units.get(i);
      }
    }
    throw new IllegalStateException("unreachable");
  }

  /** Python's int(text, base): whitespace and underscores between digits allowed, 0x with 16. */
  private static BigInteger pythonInt(String text, int base) {
    String s = text.strip();
    boolean negative = s.startsWith("-");
    if (s.startsWith("-") || s.startsWith("+")) {
      s = s.substring(1);
    }
    String prefix = base == 16 ? "0x" : base == 8 ? "0o" : base == 2 ? "0b" : null;
    if (prefix != null && s.toLowerCase(Locale.ROOT).startsWith(prefix)) {
      s = s.substring(2);
      if (s.startsWith("_")) {
        s = s.substring(1);
      }
    }
    if (s.isEmpty() || s.startsWith("_") || s.endsWith("_") || s.contains("__")) {
      throw new NumberFormatException(text);
    }
    BigInteger n = new BigInteger(s.replace("_", ""), base);
    return negative ? n.negate() : n;
  }

  /** Python's float(): None when it raises TypeError or ValueError. */
  private static Double pythonFloat(Object x) {
    if (x instanceof Boolean b) {
      return b ? 1.0 : 0.0;
    }
    if (x instanceof Number n) {
      return n.doubleValue();
    }
    if (!(x instanceof String text)) {
      return null;
    }
    String s = text.strip().toLowerCase(Locale.ROOT);
    String unsigned = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
    if (unsigned.equals("inf") || unsigned.equals("infinity")) {
      return s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (unsigned.equals("nan")) {
      return Double.NaN;
    }
    if (!s.matches("[+-]?(\\d(_?\\d)*)?(\\.(\\d(_?\\d)*)?)?(e[+-]?\\d(_?\\d)*)?")
        || !unsigned.matches(".*\\d.*")
        || unsigned.startsWith("e")
        || unsigned.startsWith(".e")) {
      return null;
    }
    return Double.valueOf(s.replace("_", ""));
  }

  private static Object truncate(double d) {
    if (Double.isInfinite(d)) {
      throw new IllegalArgumentException("cannot convert float infinity to integer");
    }
    return narrow(new BigDecimal(d).toBigInteger());
  }

  private static Object narrow(BigInteger v) {
    return v.bitLength() < 64 ? (Object) v.longValue() : v;
  }
}
