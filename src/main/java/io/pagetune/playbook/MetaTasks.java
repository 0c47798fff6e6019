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
      Map.of(
          "flush_handlers", MetaTask.Action.FLUSH_HANDLERS,
          "noop", MetaTask.Action.NOOP,
          "end_play", MetaTask.Action.END_PLAY,
          "end_host", MetaTask.Action.END_HOST);

  /** What {@code end_play} and {@code end_host} take beside {@code meta} and {@code name}. */
  private static final Set<String> END_KEYS = Set.of("meta", "name", "when", "tags");

  private MetaTasks() {}

  /**
   * @param parent the enclosing blocks' and play's keywords, without vars
   * @param blockVars the enclosing blocks' vars
   * @param role the role whose files are being read, or null
   */
  static MetaTask parse(
      YamlValue.Mapping m,
      Keywords parent,
      Map<String, Object> blockVars,
      RoleScope role,
      boolean handler) {
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
              + "' is not supported by pagetune (supported: end_host, end_play, flush_handlers,"
              + " noop)"
              + Suggestions.didYouMean(String.valueOf(action), Set.copyOf(ACTIONS.keySet())));
    }
    boolean ends = a == MetaTask.Action.END_PLAY || a == MetaTask.Action.END_HOST;
    for (String key : m.entries().keySet()) {
      if (!(ends ? END_KEYS : Set.of("meta", "name")).contains(key)) {
        // Ansible ignores a when on flush_handlers with a warning; here it is refused outright
        throw new InputException(
            m.keyLocation(key),
            "meta: '" + key + "' is not supported on a meta " + action.strip() + " task");
      }
    }
    // the conditions and tags of the blocks around it hold for an end_* as for any task
    Keywords kw = ends ? KeywordParser.inheritable(m, parent, false) : Keywords.NONE;
    return new MetaTask(
        a,
        Task.builder("meta", m.location())
            .name(m.has("name") ? YamlFields.string(m.get("name"), "name") : null)
            .moduleLocation(m.keyLocation("meta"))
            .keywords(kw)
            .blockVars(ends ? blockVars : Map.of())
            .role(ends ? role : null)
            .build());
  }
}
