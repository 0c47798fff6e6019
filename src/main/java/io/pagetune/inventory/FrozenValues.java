package io.pagetune.inventory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep read-only copies of variable values: one group's list is shared by every host of the group
 * and hosts run in parallel, so nobody may change it in place. Nulls are kept (YAML allows them).
 */
final class FrozenValues {
  private FrozenValues() {}

  static Map<String, Object> map(Map<String, ?> values) {
    Map<String, Object> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, value(v)));
    return Collections.unmodifiableMap(out);
  }

  static Object value(Object v) {
    if (v instanceof Map) {
      Map<String, Object> out = new LinkedHashMap<>();
      ((Map<?, ?>) v).forEach((k, x) -> out.put(String.valueOf(k), value(x)));
      return Collections.unmodifiableMap(out);
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      ((List<?>) v).forEach(x -> out.add(value(x)));
      return Collections.unmodifiableList(out);
    }
    return v;
  }
}
