package io.pagetune.template;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Jinja result as the rest of pagetune holds values: whole numbers as Long, fractions as Double,
 * maps and lists as plain Java collections (Jinjava's own list and map types, sets and tuples
 * copied).
 */
final class JinjaValues {
  private JinjaValues() {}

  static Object plain(Object v) {
    if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Float f) {
      return f.doubleValue();
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), plain(x)));
      return out;
    }
    if (v instanceof Collection<?> c) {
      List<Object> out = new ArrayList<>(c.size());
      c.forEach(x -> out.add(plain(x)));
      return out;
    }
    if (v instanceof Map.Entry<?, ?> e) {
      return List.of(plain(e.getKey()), plain(e.getValue()));
    }
    return v;
  }
}
