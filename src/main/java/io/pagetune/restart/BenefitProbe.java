package io.pagetune.restart;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a restart measures before and after itself: a command (run on the host, in its shell) timed
 * {@code runs} times right before the restart and again once the restart is verified, so the
 * medians show what the new page size bought. Declared per host or group as {@code benefit_probe:
 * {command: "…", runs: 7}}; {@code warmup}, when given, runs once untimed before each series (to
 * load a table into the buffer cache, say). With {@code timing: output} the command reports its own
 * time in seconds on its last line (the CPU time of the process it measures, say, which a host busy
 * with other work does not blur the way it blurs wall time); by default the wall time of each run
 * is taken.
 *
 * @param ownTiming the command prints its own time in seconds on its last line
 */
public record BenefitProbe(String command, int runs, Optional<String> warmup, boolean ownTiming) {
  public BenefitProbe {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(warmup, "warmup");
    if (command.isBlank()) {
      throw new IllegalArgumentException("benefit_probe: command is empty");
    }
    if (runs < 1 || runs > 100) {
      throw new IllegalArgumentException("benefit_probe: runs must be 1..100, got " + runs);
    }
  }

  /** The host's {@code benefit_probe}, if it declares one. */
  static Optional<BenefitProbe> of(Map<String, Object> hostVars) {
    Object raw = hostVars.get("benefit_probe");
    if (raw == null) {
      return Optional.empty();
    }
    if (!(raw instanceof Map<?, ?> m) || m.get("command") == null) {
      throw new IllegalArgumentException("benefit_probe must be {command, runs}, got " + raw);
    }
    int runs = runsOf(m);
    String timing = String.valueOf(m.get("timing") == null ? "wall" : m.get("timing"));
    if (!timing.equals("wall") && !timing.equals("output")) {
      throw new IllegalArgumentException(
          "benefit_probe: timing must be wall or output, got " + timing);
    }
    return Optional.of(
        new BenefitProbe(
            String.valueOf(m.get("command")),
            runs,
            Optional.ofNullable(m.get("warmup")).map(String::valueOf),
            timing.equals("output")));
  }

  /** {@code runs} of a {@code benefit_probe} map, 5 when it does not say. */
  static int runsOf(Map<?, ?> m) {
    try {
      return m.get("runs") == null ? 5 : Integer.parseInt(String.valueOf(m.get("runs")).strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "benefit_probe: runs must be a number, got " + m.get("runs"));
    }
  }
}
