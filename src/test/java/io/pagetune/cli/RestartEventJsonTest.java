package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.pagetune.report.RestartRan;
import io.pagetune.restart.BenefitJson;
import io.pagetune.state.BenefitRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RestartEventJsonTest {
  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  /** A restart whose intent is gone: only its id, status, result and probe. */
  private static RestartRan ran(
      String id, String status, String result, Optional<BenefitRecord> benefit) {
    return new RestartRan(
        id, status, "", "", "", List.of(), result, benefit.map(BenefitJson::of).orElse(Map.of()));
  }

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
        RestartEventJson.of(ran("abc", "done", "restarted and verified", Optional.of(r)));
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
            RestartEventJson.of(ran("abc", "failed", "x", Optional.of(r))).get("benefit");
    assertNull(b.get("after_median_seconds"));
    assertNull(b.get("change_percent"));
    assertEquals("after: run 1 exited 2", b.get("problem"));
    assertNull(RestartEventJson.of(ran("abc", "done", "x", Optional.empty())).get("benefit"));
  }
}
