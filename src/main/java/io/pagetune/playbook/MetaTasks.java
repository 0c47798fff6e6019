package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlValue;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads a {@code meta:} task; an action pagetune does not carry out is an input error. */
final class MetaTasks {
  private static final Map<String, MetaTask.Action> ACTIONS =
      Map.of("flush_handlers", MetaTask.Action.FLUSH_HANDLERS, "noop", MetaTask.Action.NOOP);

  private MetaTasks() {}

  static MetaTask parse(YamlValue.Mapping m, boolean handler) {
    for (String key : m.entries().keySet()) {
      if (!key.equals("meta") && !key.equals("name")) {
        // Ansible ignores a when on flush_handlers with a warning; here it is refused outright
        throw new InputException(
            m.keyLocation(key), "meta: '" + key + "' is not supported on a meta task");
      }
    }
    if (handler) {
      throw new InputException(m.keyLocation("meta"), "meta is not supported in handlers");
    }
    String action = YamlFields.string(m.get("meta"), "meta");
    MetaTask.Action a =
        action == null ? null : ACTIONS.get(action.strip().toLowerCase(Locale.ROOT));
    if (a == null) {
      throw new InputException(
          m.get("meta").location(),
          "meta: '"
              + action
              + "' is not supported by pagetune (supported: flush_handlers, noop)"
              + Suggestions.didYouMean(String.valueOf(action), Set.copyOf(ACTIONS.keySet())));
    }
    return new MetaTask(
        m.has("name") ? YamlFields.string(m.get("name"), "name") : null, a, m.location());
  }
}
