package io.pagetune.template;

import java.util.ArrayList;
import java.util.List;

/** Jinja's global functions as Ansible's sandbox bounds them. */
final class JinjaFunctions {
  /** Jinja's sandbox refuses a larger range; so does pagetune, never silently shortening one. */
  static final int MAX_RANGE = 100_000;

  private JinjaFunctions() {}

  /** Python's {@code range(stop)}, {@code range(start, stop[, step])}. */
  public static List<Object> range(Object first, Object... more) {
    long start = 0;
    long stop = number(first);
    long step = 1;
    if (more != null && more.length > 0) {
      start = stop;
      stop = number(more[0]);
      step = more.length > 1 ? number(more[1]) : 1;
    }
    if (step == 0) {
      throw new IllegalArgumentException("range() arg 3 must not be zero");
    }
    long count = Math.max(0, (stop - start + step + (step > 0 ? -1 : 1)) / step);
    if (count > MAX_RANGE) {
      throw new IllegalArgumentException(
          "Range too big. The sandbox blocks ranges larger than MAX_RANGE (" + MAX_RANGE + ").");
    }
    List<Object> out = new ArrayList<>((int) count);
    for (long i = 0; i < count; i++) {
      out.add(start + i * step);
    }
    return out;
  }

  private static long number(Object v) {
    if (v instanceof Number n) {
      return n.longValue();
    }
    throw new IllegalArgumentException("range() takes integers, not " + PythonText.repr(v));
  }
}
