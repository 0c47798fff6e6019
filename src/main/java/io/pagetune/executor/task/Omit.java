package io.pagetune.executor.task;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ansible's {@code omit}: the variable holds a placeholder no real value contains, and a module
 * argument (or a key of a mapping inside one, at any depth, also inside lists) whose rendered value
 * is exactly that placeholder is dropped as if it had not been written. A placeholder inside a
 * longer string, or a list item equal to it, stays as it is, as in Ansible.
 */
final class Omit {
  /** Random per process, as Ansible's is per run, so no literal in a playbook can equal it. */
  static final String TOKEN = "__omit_place_holder__" + randomHex();

  private Omit() {}

  private static String randomHex() {
    byte[] bytes = new byte[20];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** {@code args} without the entries whose value is the placeholder, recursively. */
  static Map<String, Object> strip(Map<String, Object> args) {
    Map<String, Object> out = new LinkedHashMap<>();
    args.forEach(
        (k, v) -> {
          if (!TOKEN.equals(v)) {
            out.put(k, stripValue(v));
          }
        });
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Object stripValue(Object v) {
    if (v instanceof Map<?, ?> m) {
      return strip((Map<String, Object>) m);
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(item -> out.add(item instanceof Map<?, ?> ? stripValue(item) : item));
      return out;
    }
    return v;
  }
}
