package io.pagetune.modules.builtin;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code key=value} lines a fact script prints, split at the first '='; the first of a key wins.
 */
final class KeyValueLines {
  private KeyValueLines() {}

  static Map<String, String> parse(String output) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        out.putIfAbsent(line.substring(0, eq), line.substring(eq + 1).strip());
      }
    }
    return out;
  }
}
