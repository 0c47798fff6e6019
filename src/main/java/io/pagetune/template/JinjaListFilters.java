package io.pagetune.template;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Jinja2's {@code batch} and Ansible's {@code random} and {@code shuffle}. Both random filters take
 * the system's randomness as Ansible does without a seed; a {@code seed=} would need Python's own
 * generator to give the same picks, so it is refused at load ({@link JinjaAllowed}) and here.
 */
final class JinjaListFilters {
  private JinjaListFilters() {}

  static List<JinjaFilter> all() {
    return List.of(
        new JinjaFilter("batch", JinjaListFilters::batch),
        new JinjaFilter("random", JinjaListFilters::random),
        new JinjaFilter("shuffle", JinjaListFilters::shuffle));
  }

  /** {@code batch(value, linecount, fill_with=None)}: lists of linecount items, the last filled. */
  private static Object batch(Object v, List<Object> a, Map<String, Object> k) {
    Object count = JinjaFilter.arg(a, k, 0, "linecount", null);
    if (!(count instanceof Long || count instanceof Integer)) {
      throw new IllegalArgumentException(
          "batch() needs a whole number of items per batch, got " + PythonText.repr(count));
    }
    int size = ((Number) count).intValue();
    Object fill = JinjaFilter.arg(a, k, 1, "fill_with", null);
    List<Object> out = new ArrayList<>();
    List<Object> current = new ArrayList<>();
    for (Object item : items(v)) {
      if (current.size() == size) {
        out.add(current);
        current = new ArrayList<>();
      }
      current.add(item);
    }
    if (!current.isEmpty()) {
      while (fill != null && current.size() < size) {
        current.add(fill);
      }
      out.add(current);
    }
    return out;
  }

  /**
   * {@code random(end, start=None, step=None)}: a whole number from {@code range(start, end,
   * step)}, or one item of a sequence.
   */
  private static Object random(Object v, List<Object> a, Map<String, Object> k) {
    refuseSeed("random", a.size() > 2 ? a.get(2) : null, k);
    Object start = JinjaFilter.arg(a, k, 0, "start", null);
    Object step = JinjaFilter.arg(a, k, 1, "step", null);
    if (v instanceof Long || v instanceof Integer || v instanceof Boolean) {
      long end = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
      long from = JinjaFilter.truthy(start) ? whole(start) : 0;
      long by = JinjaFilter.truthy(step) ? whole(step) : 1;
      // Python's randrange: how many values range(from, end, by) holds
      long n =
          by > 0 ? Math.floorDiv(end - from + by - 1, by) : Math.floorDiv(end - from + by + 1, by);
      if (n <= 0) {
        throw new IllegalArgumentException(
            "empty range for randrange() (" + from + ", " + end + ", " + (by * n) + ")");
      }
      return from + by * ThreadLocalRandom.current().nextLong(n);
    }
    if (v instanceof BigInteger || v instanceof Number || v == null) {
      throw new IllegalArgumentException("random can only be used on sequences and integers");
    }
    if (JinjaFilter.truthy(start) || JinjaFilter.truthy(step)) {
      throw new IllegalArgumentException("start and step can only be used with integer values");
    }
    if (v instanceof Map) {
      throw new IllegalArgumentException(
          "random: pagetune does not pick from a dict (Python indexes it by number)");
    }
    List<Object> items = items(v);
    if (items.isEmpty()) {
      throw new IllegalArgumentException("Cannot choose from an empty sequence");
    }
    return items.get(ThreadLocalRandom.current().nextInt(items.size()));
  }

  /** {@code shuffle(seed=None)}: a new list of the items in random order. */
  private static Object shuffle(Object v, List<Object> a, Map<String, Object> k) {
    refuseSeed("shuffle", a.isEmpty() ? null : a.get(0), k);
    List<Object> items;
    try {
      items = items(v);
    } catch (IllegalArgumentException e) {
      // Ansible hands back what it could not turn into a list
      return v;
    }
    Collections.shuffle(items, ThreadLocalRandom.current());
    return items;
  }

  private static void refuseSeed(String filter, Object positional, Map<String, Object> k) {
    if (positional != null || k.get("seed") != null) {
      throw new IllegalArgumentException(
          filter
              + "(seed=…): pagetune cannot give the picks Python's seeded generator gives;"
              + " leave the seed out or pick the value in a vars file");
    }
  }

  private static long whole(Object v) {
    if (v instanceof Long || v instanceof Integer) {
      return ((Number) v).longValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    throw new IllegalArgumentException(
        "'" + PythonFilters.typeName(v) + "' object cannot be interpreted as an integer");
  }

  private static List<Object> items(Object v) {
    Object listed = PythonFilters.listFilter(v);
    if (listed instanceof List<?> l) {
      return new ArrayList<>(l);
    }
    throw new IllegalArgumentException(
        "'" + PythonFilters.typeName(v) + "' object is not iterable");
  }
}
