package io.pagetune.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Python's {@code + - * / // % **} and Jinja2's {@code ~} on template values: whole numbers stay
 * whole and grow without overflow, {@code /} always gives a float, {@code %} and {@code //} round
 * toward negative infinity, division by zero fails, {@code 'ab' * 3} repeats, {@code 1 + '1'} is a
 * type error, and {@code ~} joins Python's {@code str()} of both sides ({@code True}, {@code
 * None}). Results are bounded by the interpreter's string and list limits.
 */
final class PythonArithmetic {
  /** The largest whole number a {@code **} may produce, in bits: beyond it the run is refused. */
  private static final int MAX_POWER_BITS = 4096;

  private PythonArithmetic() {}

  static Object add(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (numeric(x) && numeric(y)) {
      return numbers(x, y, BigInteger::add, (p, q) -> p + q);
    }
    if (x instanceof String s && y instanceof String t) {
      return bounded(s + t);
    }
    if (x instanceof List<?> l && y instanceof List<?> m) {
      List<Object> out = new ArrayList<>(l);
      out.addAll(m);
      return bounded(out);
    }
    throw unsupported("+", x, y);
  }

  static Object subtract(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (numeric(x) && numeric(y)) {
      return numbers(x, y, BigInteger::subtract, (p, q) -> p - q);
    }
    throw unsupported("-", x, y);
  }

  static Object multiply(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (numeric(x) && numeric(y)) {
      return numbers(x, y, BigInteger::multiply, (p, q) -> p * q);
    }
    if (whole(y) && (x instanceof String || x instanceof List)) {
      return repeat(x, integer(y));
    }
    if (whole(x) && (y instanceof String || y instanceof List)) {
      return repeat(y, integer(x));
    }
    throw unsupported("*", x, y);
  }

  static Object divide(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (!numeric(x) || !numeric(y)) {
      throw unsupported("/", x, y);
    }
    if (number(y) == 0) {
      throw new IllegalArgumentException("division by zero");
    }
    return number(x) / number(y);
  }

  static Object floorDivide(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (!numeric(x) || !numeric(y)) {
      throw unsupported("//", x, y);
    }
    if (number(y) == 0) {
      throw new IllegalArgumentException("integer division or modulo by zero");
    }
    if (whole(x) && whole(y)) {
      BigInteger[] qr = integer(x).divideAndRemainder(integer(y));
      BigInteger q = qr[0];
      if (qr[1].signum() != 0 && qr[1].signum() != integer(y).signum()) {
        q = q.subtract(BigInteger.ONE);
      }
      return narrow(q);
    }
    return Math.floor(number(x) / number(y));
  }

  static Object modulo(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (x instanceof String text) {
      return bounded(PythonFormat.format(text, y));
    }
    if (!numeric(x) || !numeric(y)) {
      throw unsupported("%", x, y);
    }
    if (number(y) == 0) {
      throw new IllegalArgumentException("integer division or modulo by zero");
    }
    if (whole(x) && whole(y)) {
      BigInteger d = integer(y);
      BigInteger r = integer(x).mod(d.abs());
      return narrow(d.signum() < 0 && r.signum() != 0 ? r.add(d) : r);
    }
    double d = number(y);
    double r = number(x) % d;
    return r != 0 && (r < 0) != (d < 0) ? r + d : r;
  }

  static Object power(Object a, Object b) {
    Object x = operand(a);
    Object y = operand(b);
    if (!numeric(x) || !numeric(y)) {
      throw unsupported("** or pow()", x, y);
    }
    if (whole(x) && whole(y) && integer(y).signum() >= 0) {
      BigInteger base = integer(x);
      BigInteger exponent = integer(y);
      if (base.abs().compareTo(BigInteger.ONE) > 0
          && exponent
                  .multiply(BigInteger.valueOf(base.bitLength()))
                  .compareTo(BigInteger.valueOf(MAX_POWER_BITS))
              > 0) {
        throw new IllegalArgumentException(
            "the power exceeds the template limit of " + MAX_POWER_BITS + " bits");
      }
      return narrow(base.pow(exponent.intValueExact()));
    }
    return Math.pow(number(x), number(y));
  }

  /** Jinja2's {@code a ~ b}: Python's {@code str()} of each, joined. */
  static Object concat(Object a, Object b) {
    return bounded(PythonText.str(operand(a)) + PythonText.str(operand(b)));
  }

  /** Whole numbers by exact integer arithmetic, any float makes it float arithmetic. */
  private static Object numbers(
      Object x,
      Object y,
      java.util.function.BinaryOperator<BigInteger> whole,
      java.util.function.DoubleBinaryOperator real) {
    return whole(x) && whole(y)
        ? narrow(whole.apply(integer(x), integer(y)))
        : (Object) real.applyAsDouble(number(x), number(y));
  }

  private static Object operand(Object v) {
    Object x = AnsibleUndefined.require(v);
    return x instanceof HostText || x instanceof CharSequence || x instanceof Character
        ? x.toString()
        : x;
  }

  private static boolean numeric(Object v) {
    return v instanceof Number || v instanceof Boolean;
  }

  private static boolean whole(Object v) {
    return v instanceof Long
        || v instanceof Integer
        || v instanceof Short
        || v instanceof Byte
        || v instanceof BigInteger
        || v instanceof Boolean;
  }

  private static BigInteger integer(Object v) {
    if (v instanceof Boolean b) {
      return b ? BigInteger.ONE : BigInteger.ZERO;
    }
    return v instanceof BigInteger i ? i : BigInteger.valueOf(((Number) v).longValue());
  }

  private static double number(Object v) {
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    return v instanceof BigDecimal d ? d.doubleValue() : ((Number) v).doubleValue();
  }

  /** A whole number as a Long when it fits, as Python's int prints either way. */
  private static Object narrow(BigInteger v) {
    return v.bitLength() < 64 ? (Object) v.longValue() : v;
  }

  private static Object repeat(Object seq, BigInteger times) {
    int n = times.signum() <= 0 ? 0 : times.min(BigInteger.valueOf(Integer.MAX_VALUE)).intValue();
    long size = (long) n * (seq instanceof String s ? s.length() : ((List<?>) seq).size());
    if (size > limit()) {
      throw new IllegalArgumentException(
          "a repetition of " + size + " items or characters exceeds the template output limit");
    }
    if (seq instanceof String s) {
      return s.repeat(n);
    }
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.addAll((List<?>) seq);
    }
    return out;
  }

  private static <T> T bounded(T v) {
    long size = v instanceof String s ? s.length() : ((List<?>) v).size();
    if (size > limit()) {
      throw new IllegalArgumentException(
          "a value of " + size + " items or characters exceeds the template output limit");
    }
    return v;
  }

  private static long limit() {
    JinjavaInterpreter in = JinjavaInterpreter.getCurrent();
    long max = in == null ? 0 : in.getConfig().getMaxStringLength();
    return max > 0 ? max : Integer.MAX_VALUE;
  }

  private static IllegalArgumentException unsupported(String op, Object x, Object y) {
    return new IllegalArgumentException(
        "unsupported operand type(s) for "
            + op
            + ": '"
            + PythonFilters.typeName(x)
            + "' and '"
            + PythonFilters.typeName(y)
            + "'");
  }
}
