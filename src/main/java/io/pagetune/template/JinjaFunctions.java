package io.pagetune.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  /**
   * Python's {@code dict()}: keyword arguments ({@code dict(a=1)}), a dict, or pairs ({@code
   * dict([['x', 1]])}, {@code dict(xs | zip(ys))}), later keys replacing earlier ones.
   */
  public static Map<String, Object> dict(Object... args) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Object a : args == null ? new Object[0] : args) {
      Object v = AnsibleUndefined.require(a);
      if (v instanceof NamedParameter n) {
        out.put(n.getName(), AnsibleUndefined.require(n.getValue()));
      } else if (v instanceof Map<?, ?> m) {
        m.forEach((k, x) -> out.put(PythonText.str(k), x));
      } else if (v instanceof Iterable<?> pairs) {
        for (Object pair : pairs) {
          if (!(pair instanceof List<?> kv) || kv.size() != 2) {
            throw new IllegalArgumentException(
                "dictionary update sequence element has length "
                    + (pair instanceof List<?> l ? l.size() : 1)
                    + "; 2 is required");
          }
          out.put(PythonText.str(kv.get(0)), kv.get(1));
        }
      } else {
        throw new IllegalArgumentException(
            "'" + PythonFilters.typeName(v) + "' object is not iterable");
      }
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
