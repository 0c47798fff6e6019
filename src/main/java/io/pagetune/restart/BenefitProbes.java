package io.pagetune.restart;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.targets.DefaultProbe;
import io.pagetune.targets.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which probe a restart times: the host's {@code benefit_probe} when it names a command, else the
 * built-in probe of the target that restarts the kind (with the host's {@code runs} and the
 * target's own keys, such as a table to scan); none when neither exists or the host sets {@code
 * benefit_probe: off}.
 */
final class BenefitProbes {
  private final List<Target> targets;

  BenefitProbes(List<Target> targets) {
    this.targets = List.copyOf(targets);
  }

  /**
   * @throws IllegalArgumentException when the host's {@code benefit_probe} is malformed
   */
  Optional<BenefitProbe> forRestart(RestartTarget target, Map<String, Object> hostVars) {
    Object raw = hostVars.get("benefit_probe");
    if (raw instanceof Boolean b && !b || "off".equals(raw)) {
      return Optional.empty();
    }
    if (raw instanceof Map<?, ?> m && m.get("command") != null) {
      return BenefitProbe.of(hostVars);
    }
    if (raw != null && !(raw instanceof Map<?, ?>)) {
      throw new IllegalArgumentException(
          "benefit_probe must be {command, runs} or off, got " + raw);
    }
    Map<String, Object> args = new LinkedHashMap<>();
    if (raw instanceof Map<?, ?> m) {
      m.forEach((k, v) -> args.put(String.valueOf(k), v));
    }
    for (Target t : targets) {
      Optional<DefaultProbe> probe = t.defaultBenefitProbe(target, Map.copyOf(args), hostVars);
      if (probe.isPresent()) {
        return Optional.of(
            new BenefitProbe(
                probe.get().command(), BenefitProbe.runsOf(args), probe.get().warmup(), false));
      }
    }
    if (raw != null) {
      throw new IllegalArgumentException(
          "benefit_probe needs a command: "
              + target.describe()
              + " ("
              + target.kind()
              + ") has no built-in probe");
    }
    return Optional.empty();
  }

  /**
   * Checks the shape of a host's {@code benefit_probe} without resolving a target's probe: off, or
   * a map whose {@code runs} (and, with a command, {@code timing}) are valid.
   *
   * @throws IllegalArgumentException saying what is wrong
   */
  static void checkShape(Object raw) {
    if (raw == null || raw instanceof Boolean b && !b || "off".equals(raw)) {
      return;
    }
    if (!(raw instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(
          "benefit_probe must be {command, runs} or off, got " + raw);
    }
    if (m.get("command") != null) {
      BenefitProbe.of(Map.of("benefit_probe", m));
      return;
    }
    int runs = BenefitProbe.runsOf(m);
    if (runs < 1 || runs > 100) {
      throw new IllegalArgumentException("benefit_probe: runs must be 1..100, got " + runs);
    }
  }
}
