package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlValue;
import java.math.BigDecimal;
import java.time.Duration;

/** Reads {@code loop_control}'s {@code label}, {@code index_var} and {@code pause}. */
final class LoopControls {
  /** A pause longer than this is a typo (minutes for seconds), not a wish. */
  private static final Duration MAX_PAUSE = Duration.ofHours(1);

  private LoopControls() {}

  static LoopControl parse(YamlValue.Mapping lc) {
    String label = lc.has("label") ? YamlFields.string(lc.get("label"), "label") : null;
    String indexVar = null;
    if (lc.has("index_var")) {
      indexVar = YamlFields.string(lc.get("index_var"), "index_var");
      if (!indexVar.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new InputException(
            lc.get("index_var").location(),
            "index_var must be a variable name, got '" + indexVar + "'");
      }
    }
    Duration pause = Duration.ZERO;
    if (lc.has("pause")) {
      pause = pause(lc.get("pause"));
    }
    return new LoopControl(label, indexVar, pause);
  }

  private static Duration pause(YamlValue v) {
    Object plain = v.toPlain();
    BigDecimal seconds;
    try {
      seconds = new BigDecimal(String.valueOf(plain).strip());
    } catch (NumberFormatException e) {
      seconds = null;
    }
    if (seconds == null || seconds.signum() < 0) {
      throw new InputException(
          v.location(), "loop_control pause must be a number of seconds, got '" + plain + "'");
    }
    Duration d = Duration.ofMillis(seconds.movePointRight(3).longValue());
    if (d.compareTo(MAX_PAUSE) > 0) {
      throw new InputException(
          v.location(), "loop_control pause of " + plain + " s is over the limit of 3600 s");
    }
    return d;
  }
}
