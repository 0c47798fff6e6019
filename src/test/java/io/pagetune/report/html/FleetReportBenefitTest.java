package io.pagetune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.PageState;
import io.pagetune.report.RunSummary;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import io.pagetune.state.BenefitRecord;
import io.pagetune.state.BenefitRecords;
import io.pagetune.state.StateStore;
import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The latest restart's benefit probe, from a real state store, next to the host's page state. */
class FleetReportBenefitTest {
  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
  @TempDir Path dir;

  @Test
  void eachHostShowsItsLatestBenefitProbeBesideItsPageState() {
    MutableClock clock = new MutableClock(T0);
    BenefitRecords records =
        new BenefitRecords(StateStore.open(dir.resolve("state.db").toString(), clock, Map.of()));
    records.record(
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            T0.minusSeconds(7200),
            Optional.of(0.9),
            5,
            Optional.of(0.8),
            5,
            ""));
    records.record(
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            T0.minusSeconds(3600),
            Optional.of(0.551),
            7,
            Optional.of(0.301),
            7,
            ""));
    FleetReportCollector c = new FleetReportCollector(clock, h -> List.of());
    c.benefits(h -> records.latest(h).map(BenefitRecord::summary));
    c.runStarted("site.yml", false);
    PageState effective =
        new PageState(
            "postgres/15/main", "huge_pages=on", true, "on", true, "2048kB", false, List.of());
    for (String host : List.of("pg1", "pg2")) {
      c.hostResult(
          TaskOutcome.builder(host, "Pages", "Verify", "p.yml:4:7", Status.OK)
              .message("")
              .result(Map.of("page_state", List.of(effective.toMap())))
              .build());
    }
    c.runFinished(new RunSummary("run-1", Map.of(), List.of(), false, false), 0);
    FleetReport report = c.report();

    String summary = "postgres_cluster 15/main at 2026-11-30T09:00:00Z: 0.551 s → 0.301 s (-45%)";
    HostReport pg1 = report.hosts().get(0);
    assertEquals(Optional.of(summary), pg1.benefit());
    assertEquals(Optional.empty(), report.hosts().get(1).benefit());
    String html = FleetReportHtml.render(report);
    int pages = html.indexOf("postgres/15/main");
    int benefit =
        html.indexOf("<h3>benefit probe</h3><p class=\"benefit\">" + Html.escape(summary));
    assertTrue(pages >= 0 && benefit > pages, html);
    assertFalse(html.contains("0.900 s"), "only the latest probe: " + html);
    assertEquals(1, html.split("<h3>benefit probe</h3>", -1).length - 1, html);
  }
}
