package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlValue;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads the keywords a play, block or task passes down (the {@link Keywords} record). */
final class KeywordParser {
  private KeywordParser() {}

  /**
   * The keywords {@code m} sets, on top of {@code parent}'s. A play's {@code when} does not exist
   * and its {@code vars} are a scope of their own, so {@code play} leaves both out.
   */
  static Keywords inheritable(YamlValue.Mapping m, Keywords parent, boolean play) {
    checkBecomeMethod(m);
    Keywords own =
        new Keywords(
            !play && m.has("when") ? YamlFields.conditions(m.get("when"), "when") : List.of(),
            m.has("tags") ? YamlFields.strings(m.get("tags"), "tags", true) : List.of(),
            bool(m, "become"),
            m.has("become_user") ? YamlFields.string(m.get("become_user"), "become_user") : null,
            m.has("environment")
                ? YamlFields.plainMap(m.get("environment"), "environment")
                : Map.of(),
            bool(m, "ignore_errors"),
            bool(m, "check_mode"),
            bool(m, "diff"),
            bool(m, "no_log"),
            !play && m.has("vars") ? YamlFields.plainMap(m.get("vars"), "vars") : Map.of(),
            bool(m, "any_errors_fatal"));
    return own.inheriting(parent);
  }

  /**
   * {@code become_method}: sudo; any other, or a template (whose method would only be known on the
   * host), is refused rather than run with sudo unasked.
   */
  private static void checkBecomeMethod(YamlValue.Mapping m) {
    if (!m.has("become_method")) {
      return;
    }
    String method = YamlFields.string(m.get("become_method"), "become_method");
    if (method != null) {
      io.pagetune.connection.Become.methodProblem(method)
          .ifPresent(
              problem -> {
                throw new InputException(m.get("become_method").location(), problem);
              });
    }
  }

  /** An input error naming the first key of {@code m} that is not in {@code allowed}. */
  static void checkAllowed(YamlValue.Mapping m, Set<String> allowed, String what) {
    for (String key : m.entries().keySet()) {
      if (!allowed.contains(key)) {
        throw new InputException(
            m.keyLocation(key),
            "unknown " + what + " '" + key + "'" + Suggestions.didYouMean(key, allowed));
      }
    }
  }

  private static Boolean bool(YamlValue.Mapping m, String key) {
    return m.has(key) ? YamlFields.bool(m.get(key), key) : null;
  }
}
