package io.pagetune.playbook;

import io.pagetune.yaml.YamlValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The task actions the loader handles itself (includes, imports, {@code meta}) under the names
 * Ansible content also writes them by: {@code ansible.builtin.include_tasks} and {@code
 * ansible.legacy.meta} are {@code include_tasks} and {@code meta}.
 */
final class ControlTaskNames {
  private static final Set<String> SHORT =
      Set.of("include_tasks", "import_tasks", "include_role", "import_role", "meta");
  private static final String[] PREFIXES = {"ansible.builtin.", "ansible.legacy."};

  private ControlTaskNames() {}

  /** {@code task} with a collection-qualified control action renamed to its short name. */
  static YamlValue.Mapping shortened(YamlValue.Mapping task) {
    String qualified = null;
    for (String key : task.entries().keySet()) {
      if (shortName(key) != null) {
        qualified = key;
        break;
      }
    }
    if (qualified == null) {
      return task;
    }
    String shortName = shortName(qualified);
    if (task.has(shortName)) {
      return task; // both names: the keyword check reports the duplicate action
    }
    Map<String, YamlValue.Entry> renamed = new LinkedHashMap<>();
    for (Map.Entry<String, YamlValue.Entry> e : task.entries().entrySet()) {
      renamed.put(e.getKey().equals(qualified) ? shortName : e.getKey(), e.getValue());
    }
    return new YamlValue.Mapping(renamed, task.location());
  }

  private static String shortName(String key) {
    for (String prefix : PREFIXES) {
      if (key.startsWith(prefix) && SHORT.contains(key.substring(prefix.length()))) {
        return key.substring(prefix.length());
      }
    }
    return null;
  }
}
