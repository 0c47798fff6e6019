package io.pagetune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.PageState;
import io.pagetune.report.RunSummary;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import io.pagetune.testing.MutableClock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FleetReportHtmlTest {
  private static TaskOutcome outcome(
      String host,
      Status status,
      boolean check,
      String message,
      List<String> diffs,
      List<String> restarts,
      Map<String, Object> result) {
    return TaskOutcome.builder(host, "Pages", "Persist", "p.yml:4:7", status)
        .message(message)
        .checkMode(check)
        .diffs(diffs)
        .restarts(restarts)
        .result(result)
        .build();
  }

  private static Map<String, Object> pages(PageState... states) {
    return Map.of("page_state", java.util.Arrays.stream(states).map(PageState::toMap).toList());
  }

  private static FleetReport report(boolean check, TaskOutcome... outcomes) {
    FleetReportCollector c =
        new FleetReportCollector(
            new MutableClock(Instant.parse("2026-11-30T10:00:00Z")),
            h -> h.startsWith("db") ? List.of("oracle_db") : List.of("sap_ibmi", "prod"));
    c.runStarted("site.yml", check);
    for (TaskOutcome o : outcomes) {
      c.hostResult(o);
    }
    c.runFinished(new RunSummary("run-1", Map.of(), List.of(), check, false), 0);
    return c.report();
  }

  private static HostReport host(FleetReport r, String name) {
    return r.hosts().stream().filter(h -> h.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void hostsAreJudgedFromTheirEvents() {
    PageState pending =
        new PageState(
            "oracle/hugepages",
            "vm.nr_hugepages=1028",
            true,
            "1028",
            false,
            "0",
            true,
            List.of("HugePages_Total is 0 until a reboot"));
    PageState effective =
        new PageState("sap/NWP/D00", "LDR_CNTRL=64K", true, "64K", true, "64K", false, List.of());
    FleetReport apply =
        report(
            false,
            outcome(
                "db1",
                Status.CHANGED,
                false,
                "",
                List.of("--- a\n+++ b\n"),
                List.of("reboot of db1 in window oracle-chg at 2026-12-06 02:00 CET, queued"),
                pages(pending)),
            outcome(
                "db2",
                Status.UNREACHABLE,
                false,
                "connection refused",
                List.of(),
                List.of(),
                Map.of()),
            outcome(
                "sap1",
                Status.FAILED,
                false,
                "SAP kernel 7.53 PL 900 is below the minimum 7.53 PL 1112",
                List.of(),
                List.of(),
                Map.of()),
            outcome("sap2", Status.OK, false, "", List.of(), List.of(), pages(effective)),
            outcome(
                "sap3",
                Status.CHANGED,
                false,
                "",
                List.of(),
                List.of("SAP system NWP never: every opening falls in a blackout"),
                Map.of()));
    assertEquals(HostState.RESTART_PENDING, host(apply, "db1").state());
    assertEquals(HostState.UNREACHABLE, host(apply, "db2").state());
    assertEquals(HostState.REFUSED, host(apply, "sap1").state());
    assertEquals(
        List.of("Persist: SAP kernel 7.53 PL 900 is below the minimum 7.53 PL 1112"),
        host(apply, "sap1").blockers());
    assertEquals(HostState.EFFECTIVE, host(apply, "sap2").state());
    assertEquals(
        List.of("SAP system NWP: every opening falls in a blackout"),
        host(apply, "sap3").blockers());
    assertEquals(List.of("oracle_db"), apply.groups().subList(0, 1));
    assertEquals(1, apply.counts().get(HostState.REFUSED));
    FleetReport check =
        report(
            true, outcome("db1", Status.CHANGED, true, "", List.of(), List.of(), pages(pending)));
    assertEquals(HostState.WOULD_CHANGE, host(check, "db1").state());
  }

  @Test
  void hostDataIsEscapedEverywhere() {
    String evil = "<script>alert(1)</script>&\"'";
    String html =
        FleetReportHtml.render(
            report(
                false,
                outcome(
                    "db<1>",
                    Status.FAILED,
                    false,
                    evil,
                    List.of("--- a\n+" + evil + "\n"),
                    List.of(evil),
                    pages(
                        new PageState(
                            evil, evil, false, evil, false, evil, false, List.of(evil))))));
    assertFalse(html.contains("<script"), html);
    assertFalse(html.contains("db<1>"), html);
    assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;"), html);
    assertTrue(html.contains("data-host=\"db&lt;1&gt;\""), html);
  }

  @Test
  void selfContainedAndFiltersWithoutScript() {
    String html =
        FleetReportHtml.render(
            report(
                false,
                outcome("db1", Status.OK, false, "", List.of(), List.of(), Map.of()),
                outcome("sap1", Status.FAILED, false, "no", List.of(), List.of(), Map.of())));
    assertFalse(html.contains("<script"), "no script at all");
    assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no external reference");
    assertTrue(html.contains("default-src 'none'"), "the page may request nothing");
    // one radio per state and group, and a rule that hides the other hosts when it is checked
    assertTrue(html.contains("id=\"state-refused\""), html);
    assertTrue(
        html.contains("#state-refused:checked~.hosts .host:not(.s-refused){display:none}"), html);
    int prod = List.of("oracle_db", "prod", "sap_ibmi").indexOf("prod");
    assertTrue(html.contains("#group-" + prod + ":checked~.hosts .host:not(.g-" + prod + ")"));
    assertTrue(html.contains("class=\"host s-refused g-2 g-" + prod + "\""), html);
  }
}
