package io.pagetune.state;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A restart's benefit probe as the journal keeps it: the median seconds before the restart and
 * after it was verified, each with its number of runs (empty median, 0 runs: that series failed or
 * was not run, {@code problem} says why).
 */
public record BenefitRecord(
    String host,
    String kind,
    String targetId,
    Instant measuredAt,
    Optional<Double> beforeMedian,
    int beforeRuns,
    Optional<Double> afterMedian,
    int afterRuns,
    String problem) {
  public BenefitRecord {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(measuredAt, "measuredAt");
    Objects.requireNonNull(beforeMedian, "beforeMedian");
    Objects.requireNonNull(afterMedian, "afterMedian");
    problem = problem == null ? "" : problem;
  }

  /** The change of the median in percent of the before median, when both exist. */
  public Optional<Double> changePercent() {
    if (beforeMedian.isEmpty() || afterMedian.isEmpty() || beforeMedian.get() <= 0) {
      return Optional.empty();
    }
    return Optional.of((afterMedian.get() - beforeMedian.get()) / beforeMedian.get() * 100);
  }

  /** {@code 0.551 s → 0.301 s (-45%)}, or what is missing. */
  public String describe() {
    String change =
        changePercent().map(p -> String.format(Locale.ROOT, " (%+.0f%%)", p)).orElse("");
    String text = seconds(beforeMedian) + " → " + seconds(afterMedian) + change;
    return problem.isEmpty() ? text : text + "; " + problem;
  }

  /** {@code postgres_cluster 15/main at 2026-11-30T12:00:00Z: 0.551 s → 0.301 s (-45%)}. */
  public String summary() {
    return kind
        + (targetId == null ? "" : " " + targetId)
        + " at "
        + measuredAt
        + ": "
        + describe();
  }

  private static String seconds(Optional<Double> median) {
    return median.map(m -> String.format(Locale.ROOT, "%.3f s", m)).orElse("not measured");
  }
}
