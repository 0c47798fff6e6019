package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.yaml.YamlValue;
import java.time.Duration;

/** Reads a task's {@code until}, {@code retries} and {@code delay}. */
final class Retries {
  /** More attempts than this is a mistake, not a wait (use a longer delay). */
  static final int MAX_RETRIES = 1000;

  /** A delay longer than this is a typo (minutes for seconds). */
  static final int MAX_DELAY_SECONDS = 3600;

  private Retries() {}

  /** Null when the task has no {@code until}; {@code retries}/{@code delay} alone are errors. */
  static Retry parse(YamlValue.Mapping m) {
    if (!m.has("until")) {
      for (String key : new String[] {"retries", "delay"}) {
        if (m.has(key)) {
          throw new InputException(
              m.get(key).location(),
              key
                  + " without until does nothing in pagetune (Ansible would run the task once);"
                  + " add until: or remove "
                  + key);
        }
      }
      return null;
    }
    int retries =
        m.has("retries")
            ? bounded(m.get("retries"), "retries", 0, MAX_RETRIES)
            : Retry.DEFAULT_RETRIES;
    Duration delay =
        m.has("delay")
            ? Duration.ofSeconds(bounded(m.get("delay"), "delay", 0, MAX_DELAY_SECONDS))
            : Retry.DEFAULT_DELAY;
    return new Retry(YamlFields.conditions(m.get("until"), "until"), retries, delay);
  }

  private static int bounded(YamlValue v, String key, int min, int max) {
    Integer n = YamlFields.integer(v, key);
    if (n == null || n < min || n > max) {
      SourceLocation at = v.location();
      throw new InputException(at, key + " must be a whole number from " + min + " to " + max);
    }
    return n;
  }
}
