package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.pagetune.schedule.queue.HandledRestart;
import io.pagetune.schedule.queue.IntentStatus;
import io.pagetune.state.BenefitRecord;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RestartEventJsonTest {
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  @Test
  @SuppressWarnings("unchecked")
  void carriesBothMediansAndTheirChange() {
    BenefitRecord r =
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            T0,
            Optional.of(0.5),
            7,
            Optional.of(0.25),
            7,
            "");
    Map<String, Object> e =
        RestartEventJson.of(
            new HandledRestart("abc", IntentStatus.DONE, "restarted and verified"),
            Optional.empty(),
            Optional.of(r));
    assertEquals("restart", e.get("event"));
    assertEquals("done", e.get("status"));
    Map<String, Object> b = (Map<String, Object>) e.get("benefit");
    assertEquals(0.5, b.get("before_median_seconds"));
    assertEquals(0.25, b.get("after_median_seconds"));
    assertEquals(7, b.get("after_runs"));
    assertEquals(-50.0, (Double) b.get("change_percent"), 1e-9);
    assertNull(b.get("problem"));
    assertEquals("2026-11-30T12:00:00Z", b.get("measured_at"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aMissingSeriesIsNullWithItsReasonAndNoProbeIsNull() {
    BenefitRecord r =
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            T0,
            Optional.of(0.5),
            7,
            Optional.empty(),
            0,
            "after: run 1 exited 2");
    Map<String, Object> b =
        (Map<String, Object>)
            RestartEventJson.of(
                    new HandledRestart("abc", IntentStatus.FAILED, "x"),
                    Optional.empty(),
                    Optional.of(r))
                .get("benefit");
    assertNull(b.get("after_median_seconds"));
    assertNull(b.get("change_percent"));
    assertEquals("after: run 1 exited 2", b.get("problem"));
    assertNull(
        RestartEventJson.of(
                new HandledRestart("abc", IntentStatus.DONE, "x"),
                Optional.empty(),
                Optional.empty())
            .get("benefit"));
  }
}
