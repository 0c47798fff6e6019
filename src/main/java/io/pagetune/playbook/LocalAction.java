package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.yaml.YamlValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code local_action}: Ansible reads it as its module with {@code delegate_to: localhost}, and so
 * does pagetune, before the task is parsed. {@code local_action: command echo hi} names the module
 * by its first word, the rest being its arguments; {@code local_action: {module: debug, msg: hi}}
 * names it by {@code module}, the other keys being its arguments. A {@code delegate_to} beside it
 * is overridden, as ansible-playbook 2.14 overrides it.
 */
final class LocalAction {
  static final String KEY = "local_action";

  /** What the loader handles itself: never a module run on the control node. */
  private static final Set<String> CONTROL =
      Set.of("include_tasks", "import_tasks", "include_role", "import_role", "meta", "block");

  private LocalAction() {}

  /** {@code task} with its {@code local_action} written as a module and {@code delegate_to}. */
  static YamlValue.Mapping rewritten(YamlValue.Mapping task) {
    if (!task.has(KEY)) {
      return task;
    }
    SourceLocation at = task.keyLocation(KEY);
    YamlValue value = task.get(KEY);
    String module;
    YamlValue args;
    if (value instanceof YamlValue.Mapping m) {
      if (!m.has("module")) {
        throw new InputException(value.location(), "local_action: 'module' is required");
      }
      module = YamlFields.string(m.get("module"), "local_action module");
      Map<String, YamlValue.Entry> rest = new LinkedHashMap<>(m.entries());
      rest.remove("module");
      args = rest.isEmpty() ? null : new YamlValue.Mapping(rest, value.location());
    } else {
      String text = YamlFields.string(value, KEY);
      String[] words = text == null ? new String[0] : text.strip().split("\\s+", 2);
      if (words.length == 0 || words[0].isEmpty()) {
        throw new InputException(value.location(), "local_action needs a module");
      }
      module = words[0];
      args = words.length > 1 ? new YamlValue.Scalar(words[1], false, value.location()) : null;
    }
    if (module == null || module.isBlank() || module.strip().contains(" ")) {
      throw new InputException(
          value.location(),
          "local_action: 'module' must name one module, got '"
              + module
              + "' (give its arguments as keys)");
    }
    String shortName = module.replaceFirst("^ansible\\.(builtin|legacy)\\.", "");
    if (CONTROL.contains(shortName)) {
      throw new InputException(
          value.location(), "local_action runs a module; '" + module + "' is not one");
    }
    if (task.has(module)) {
      throw new InputException(
          task.keyLocation(module),
          "task has two modules: '" + KEY + "' and '" + module + "' (one module per task)");
    }
    Map<String, YamlValue.Entry> out = new LinkedHashMap<>();
    for (Map.Entry<String, YamlValue.Entry> e : task.entries().entrySet()) {
      if (e.getKey().equals(KEY)) {
        out.put(
            module,
            new YamlValue.Entry(
                at, args != null ? args : new YamlValue.Scalar(null, false, value.location())));
      } else if (!e.getKey().equals("delegate_to")) {
        out.put(e.getKey(), e.getValue());
      }
    }
    out.put("delegate_to", new YamlValue.Entry(at, new YamlValue.Scalar("localhost", false, at)));
    return new YamlValue.Mapping(out, task.location());
  }
}
