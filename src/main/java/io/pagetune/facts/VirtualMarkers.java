package io.pagetune.facts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The tagged lines of the virtual snippet: tag → the values of its lines, in order. */
public record VirtualMarkers(Map<String, List<String>> lines) {
  public VirtualMarkers {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    lines.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    lines = java.util.Collections.unmodifiableMap(copy);
  }

  static VirtualMarkers parse(String stdout) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      int sp = line.indexOf(' ');
      String tag = sp < 0 ? line : line.substring(0, sp);
      String value = sp < 0 ? "" : line.substring(sp + 1);
      out.computeIfAbsent(tag, k -> new ArrayList<>()).add(value);
    }
    return new VirtualMarkers(out);
  }

  public List<String> all(String tag) {
    return lines.getOrDefault(tag, List.of());
  }

  /** The first value of {@code tag} stripped, as Ansible's get_file_content gives it; else "". */
  public String first(String tag) {
    List<String> v = all(tag);
    return v.isEmpty() ? "" : v.get(0).strip();
  }

  public boolean has(String tag) {
    return lines.containsKey(tag);
  }

  public boolean exists(String path) {
    return all("exists").contains(path);
  }
}
