package io.pagetune.restart;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.BenefitRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Times a {@link BenefitProbe} on a host: each run's wall time from the control node (or the time
 * the command reports itself), the median of the series (robust against the odd slow run on a busy
 * host). A failing run fails the series.
 *
 * @param seconds the runs' times in seconds, in order
 */
public record BenefitMeasurement(List<Double> seconds) {
  public BenefitMeasurement {
    seconds = List.copyOf(seconds);
    if (seconds.isEmpty()) {
      throw new IllegalArgumentException("a measurement needs at least one run");
    }
  }

  public double median() {
    List<Double> sorted = seconds.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** Runs the probe on {@code conn}; empty with the reason when a run fails. */
  static Result measure(
      BenefitProbe probe, Connection conn, Duration timeout, LongSupplier nanoTime) {
    if (probe.warmup().isPresent()) {
      CommandResult w = conn.run(RemoteCommand.script(probe.warmup().get()), timeout);
      if (!w.ok()) {
        return new Result(Optional.empty(), "warmup exited " + w.exitCode());
      }
    }
    List<Double> times = new ArrayList<>();
    for (int i = 0; i < probe.runs(); i++) {
      long start = nanoTime.getAsLong();
      CommandResult r = conn.run(RemoteCommand.script(probe.command()), timeout);
      long end = nanoTime.getAsLong();
      if (!r.ok()) {
        return new Result(Optional.empty(), "run " + (i + 1) + " exited " + r.exitCode());
      }
      if (probe.ownTiming()) {
        Optional<Double> own = lastLineSeconds(r.stdout());
        if (own.isEmpty()) {
          return new Result(
              Optional.empty(), "run " + (i + 1) + " printed no time in seconds on its last line");
        }
        times.add(own.get());
      } else {
        times.add((end - start) / 1e9);
      }
    }
    return new Result(Optional.of(new BenefitMeasurement(times)), "");
  }

  private static Optional<Double> lastLineSeconds(String stdout) {
    String last = stdout.strip().lines().reduce((a, b) -> b).orElse("").strip();
    if (!last.matches("\\d{1,6}(\\.\\d{1,9})?")) {
      return Optional.empty();
    }
    return Optional.of(Double.parseDouble(last));
  }

  /** A measurement, or why there is none. */
  record Result(Optional<BenefitMeasurement> measurement, String problem) {
    String describe() {
      return measurement
          .map(
              m ->
                  String.format(
                      Locale.ROOT, "median %.3f s of %d runs", m.median(), m.seconds().size()))
          .orElse("not measured (" + problem + ")");
    }
  }

  /**
   * {@code benefit probe: before median 0.551 s of 7 runs, after median 0.301 s of 7 runs (-45%)}.
   */
  static String compare(Result before, Result after) {
    String change = "";
    if (before.measurement().isPresent() && after.measurement().isPresent()) {
      double b = before.measurement().get().median();
      double a = after.measurement().get().median();
      if (b > 0) {
        change = String.format(Locale.ROOT, " (%+.0f%%)", (a - b) / b * 100);
      }
    }
    return "benefit probe: before " + before.describe() + ", after " + after.describe() + change;
  }

  /**
   * What the journal keeps of a restart's probe; the after series is missing when the restart was
   * not verified effective.
   */
  static BenefitRecord record(
      RestartTarget target, Instant at, Result before, Optional<Result> after) {
    List<String> problems = new ArrayList<>();
    if (before.measurement().isEmpty()) {
      problems.add("before: " + before.problem());
    }
    if (after.isEmpty()) {
      problems.add("after: not measured, the restart was not verified effective");
    } else if (after.get().measurement().isEmpty()) {
      problems.add("after: " + after.get().problem());
    }
    Optional<BenefitMeasurement> a = after.flatMap(Result::measurement);
    return new BenefitRecord(
        target.host(),
        target.kind(),
        target.id(),
        at,
        before.measurement().map(BenefitMeasurement::median),
        before.measurement().map(m -> m.seconds().size()).orElse(0),
        a.map(BenefitMeasurement::median),
        a.map(m -> m.seconds().size()).orElse(0),
        String.join("; ", problems));
  }
}
