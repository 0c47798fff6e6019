package io.pagetune.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.LocalConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenefitMeasurementTest {
  private static final Duration T = Duration.ofSeconds(30);
  @TempDir Path tmp;

  /** A clock whose successive readings are {@code step(i)} nanoseconds apart, run by run. */
  private static LongSupplier ticks(long... runNanos) {
    AtomicLong now = new AtomicLong();
    AtomicLong calls = new AtomicLong();
    return () -> {
      long c = calls.getAndIncrement();
      // even calls start a run, odd ones end it after that run's time
      return c % 2 == 0 ? now.get() : now.addAndGet(runNanos[(int) (c / 2)]);
    };
  }

  @Test
  void warmsUpOnceThenTimesEveryRunOnTheHostAndTakesTheMedian() throws IOException {
    Path log = tmp.resolve("log");
    BenefitProbe probe =
        new BenefitProbe(
            "echo run >> '" + log + "'", 5, Optional.of("echo warmup >> '" + log + "'"), false);
    BenefitMeasurement.Result r =
        BenefitMeasurement.measure(
            probe,
            new LocalConnection("localhost"),
            T,
            ticks(500_000_000L, 300_000_000L, 900_000_000L, 310_000_000L, 320_000_000L));
    assertEquals(List.of("warmup", "run", "run", "run", "run", "run"), Files.readAllLines(log));
    BenefitMeasurement m = r.measurement().orElseThrow();
    assertEquals(List.of(0.5, 0.3, 0.9, 0.31, 0.32), m.seconds());
    assertEquals(0.32, m.median(), 1e-9);
    assertEquals("median 0.320 s of 5 runs", r.describe());
  }

  @Test
  void comparesBeforeAndAfterAndSaysWhatFailed() {
    BenefitMeasurement.Result before =
        new BenefitMeasurement.Result(
            Optional.of(new BenefitMeasurement(List.of(0.6, 0.5, 0.55))), "");
    BenefitMeasurement.Result after =
        new BenefitMeasurement.Result(
            Optional.of(new BenefitMeasurement(List.of(0.3, 0.31, 0.29, 0.32))), "");
    assertEquals(
        "benefit probe: before median 0.550 s of 3 runs, after median 0.305 s of 4 runs (-45%)",
        BenefitMeasurement.compare(before, after));
    BenefitMeasurement.Result failed =
        BenefitMeasurement.measure(
            new BenefitProbe("exit 3", 3, Optional.empty(), false),
            new LocalConnection("localhost"),
            T,
            System::nanoTime);
    assertEquals(
        "benefit probe: before median 0.550 s of 3 runs, after not measured (run 1 exited 3)",
        BenefitMeasurement.compare(before, failed));
  }

  @Test
  void theHostsBenefitProbeVariable() {
    assertEquals(Optional.empty(), BenefitProbe.of(Map.of()));
    assertEquals(
        Optional.of(new BenefitProbe("psql -c 'select 1'", 7, Optional.empty(), false)),
        BenefitProbe.of(
            Map.of("benefit_probe", Map.of("command", "psql -c 'select 1'", "runs", 7))));
    assertEquals(
        5,
        BenefitProbe.of(Map.of("benefit_probe", Map.of("command", "true"))).orElseThrow().runs());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> BenefitProbe.of(Map.of("benefit_probe", "true")));
    assertTrue(e.getMessage().startsWith("benefit_probe must be {command, runs}"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> BenefitProbe.of(Map.of("benefit_probe", Map.of("command", "true", "runs", 0))));
  }

  @Test
  void aProbeThatTimesItselfIsTakenAtItsWord() {
    BenefitMeasurement.Result r =
        BenefitMeasurement.measure(
            new BenefitProbe("echo 7500000; echo 0.42", 3, Optional.empty(), true),
            new LocalConnection("localhost"),
            T,
            ticks(5_000_000_000L, 5_000_000_000L, 5_000_000_000L));
    assertEquals(List.of(0.42, 0.42, 0.42), r.measurement().orElseThrow().seconds());
    BenefitMeasurement.Result none =
        BenefitMeasurement.measure(
            new BenefitProbe("echo done", 3, Optional.empty(), true),
            new LocalConnection("localhost"),
            T,
            System::nanoTime);
    assertEquals(
        "not measured (run 1 printed no time in seconds on its last line)", none.describe());
    assertEquals(
        Optional.of(new BenefitProbe("x", 5, Optional.empty(), true)),
        BenefitProbe.of(Map.of("benefit_probe", Map.of("command", "x", "timing", "output"))));
    assertThrows(
        IllegalArgumentException.class,
        () -> BenefitProbe.of(Map.of("benefit_probe", Map.of("command", "x", "timing", "cpu"))));
  }

  @Test
  void theJournalKeepsBothMediansOrSaysWhichSeriesIsMissing() {
    io.pagetune.schedule.RestartTarget pg =
        new io.pagetune.schedule.RestartTarget("postgres_cluster", "pg1", "15/main");
    java.time.Instant at = java.time.Instant.parse("2026-11-30T12:00:00Z");
    BenefitMeasurement.Result before =
        new BenefitMeasurement.Result(
            Optional.of(new BenefitMeasurement(List.of(0.6, 0.5, 0.55))), "");
    BenefitMeasurement.Result after =
        new BenefitMeasurement.Result(Optional.of(new BenefitMeasurement(List.of(0.3, 0.31))), "");
    assertEquals(
        new io.pagetune.state.BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            at,
            Optional.of(0.55),
            3,
            Optional.of(0.305),
            2,
            ""),
        BenefitMeasurement.record(pg, at, before, Optional.of(after)));
    io.pagetune.state.BenefitRecord unverified =
        BenefitMeasurement.record(pg, at, before, Optional.empty());
    assertEquals(Optional.empty(), unverified.afterMedian());
    assertEquals(
        "after: not measured, the restart was not verified effective", unverified.problem());
    io.pagetune.state.BenefitRecord failedBefore =
        BenefitMeasurement.record(
            pg,
            at,
            new BenefitMeasurement.Result(Optional.empty(), "run 2 exited 1"),
            Optional.of(after));
    assertEquals(Optional.empty(), failedBefore.beforeMedian());
    assertEquals(0, failedBefore.beforeRuns());
    assertEquals("before: run 2 exited 1", failedBefore.problem());
  }
}
