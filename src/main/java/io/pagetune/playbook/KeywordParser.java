package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlValue;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** Reads the keywords a play, block or task passes down (the {@link Keywords} record). */
final class KeywordParser {
  private KeywordParser() {}

  /**
   * The keywords {@code m} sets, on top of {@code parent}'s. A play's {@code when} does not exist
   * and its {@code vars} are a scope of their own, so {@code play} leaves both out.
   */
  static Keywords inheritable(YamlValue.Mapping m, Keywords parent, boolean play) {
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
            bool(m, "any_errors_fatal"),
            becomeHow(m, parent.becomeHow()),
            bool(m, "ignore_unreachable"),
            throttle(m));
    return own.inheriting(parent);
  }

  /**
   * {@code become_method} (sudo or su), {@code become_exe} and {@code become_flags}, checked here
   * so a method pagetune does not run or a flag that would put a secret into argv or break its file
   * operations is refused with the file and line. A template, whose value would only be known on
   * the host, is refused rather than run unchecked.
   */
  private static BecomeHow becomeHow(YamlValue.Mapping m, BecomeHow parent) {
    BecomeHow own =
        new BecomeHow(
            literal(m, "become_method"), literal(m, "become_exe"), literal(m, "become_flags"));
    if (own.equals(BecomeHow.NONE)) {
      return own;
    }
    BecomeHow all = own.inheriting(parent);
    try {
      io.pagetune.connection.BecomeMethod.of(all.method(), all.exe(), all.flags());
    } catch (IllegalArgumentException e) {
      if (all.method() == null && suWouldTake(all)) {
        return own; // the method may come from a variable: checked with it when the task runs
      }
      // the key the message is about, if set here, else the first become key set here
      String about =
          e.getMessage().startsWith("become method")
              ? "become_method"
              : e.getMessage().startsWith("become_exe") ? "become_exe" : "become_flags";
      String at =
          m.has(about)
              ? about
              : Stream.of("become_method", "become_exe", "become_flags")
                  .filter(m::has)
                  .findFirst()
                  .orElseThrow();
      throw new InputException(m.get(at).location(), e.getMessage());
    }
    return own;
  }

  private static boolean suWouldTake(BecomeHow how) {
    try {
      io.pagetune.connection.BecomeMethod.of("su", how.exe(), how.flags());
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String literal(YamlValue.Mapping m, String key) {
    if (!m.has(key)) {
      return null;
    }
    String value = YamlFields.string(m.get(key), key);
    if (value != null && io.pagetune.template.TemplateEngine.isTemplated(value)) {
      throw new InputException(
          m.get(key).location(),
          key
              + " '"
              + value
              + "' is a template: pagetune checks it when it reads the playbook,"
              + " so it must be written out");
    }
    return value;
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

  /**
   * An input error naming the first key of an {@code include_tasks} {@code apply} that pagetune
   * cannot apply as Ansible does; {@code allowed} in the order the message lists them.
   */
  static void checkApply(YamlValue.Mapping apply, Set<String> allowed) {
    for (String key : apply.entries().keySet()) {
      if (!allowed.contains(key)) {
        throw new InputException(
            apply.keyLocation(key),
            "include_tasks apply: '"
                + key
                + "' is not applied by pagetune (apply takes "
                + String.join(", ", new java.util.TreeSet<>(allowed))
                + ")"
                + Suggestions.didYouMean(key, allowed));
      }
    }
  }

  /**
   * {@code throttle}: a whole number, 0 for no limit. A template is refused: how many hosts run a
   * task at once is decided before any of them has its variables.
   */
  private static Integer throttle(YamlValue.Mapping m) {
    if (!m.has("throttle")) {
      return null;
    }
    YamlValue v = m.get("throttle");
    if (v instanceof YamlValue.Scalar s
        && s.value() instanceof String text
        && io.pagetune.template.TemplateEngine.hasTemplate(text)) {
      throw new InputException(
          v.location(),
          "throttle '" + text + "' is a template: pagetune needs the number written out");
    }
    Integer n = YamlFields.integer(v, "throttle");
    if (n < 0) {
      throw new InputException(v.location(), "throttle must be 0 (no limit) or more, got " + n);
    }
    return n;
  }

  private static Boolean bool(YamlValue.Mapping m, String key) {
    return m.has(key) ? YamlFields.bool(m.get(key), key) : null;
  }
}
