package io.pagetune.compat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The PLAY RECAP counts both tools print, in ansible-playbook's order. */
final class Recap {
  static final List<String> KEYS =
      List.of("ok", "changed", "unreachable", "failed", "skipped", "rescued", "ignored");

  private Recap() {}

  static Map<String, Integer> ordered(Map<String, Integer> counts) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (String key : KEYS) {
      out.put(key, counts.getOrDefault(key, 0));
    }
    return out;
  }

  /** A host that did not run at all, as a recap that has no line for it reads. */
  static Map<String, Integer> none() {
    return ordered(Map.of());
  }
}
