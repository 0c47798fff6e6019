package io.pagetune.schedule.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class CronWindowCalendarTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  private static CronWindowCalendar calendar(
      String cron, Duration d, ZoneId zone, Blackout... blackouts) {
    return new CronWindowCalendar(
        ChangeWindow.cron("w", CronExpression.parse(cron), d, zone, List.of(blackouts)));
  }

  private static Clock at(String instant) {
    return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
  }

  private static final CronWindowCalendar SUNDAY =
      calendar("0 2 * * SUN", Duration.ofHours(4), BERLIN);

  @Test
  void currentOpeningContainsNowAndKnowsItsEnd() {
    // Sunday 2026-12-06 03:00 CET = 02:00Z; the window is 02:00-06:00 CET = 01:00Z-05:00Z
    Opening o = SUNDAY.current(at("2026-12-06T02:00:00Z").instant()).orElseThrow();
    assertEquals(Instant.parse("2026-12-06T01:00:00Z"), o.start());
    assertEquals(Instant.parse("2026-12-06T05:00:00Z"), o.end());
    assertTrue(SUNDAY.current(Instant.parse("2026-12-06T05:00:00Z")).isEmpty(), "end is exclusive");
    assertTrue(SUNDAY.current(Instant.parse("2026-12-06T00:59:59Z")).isEmpty());
    assertTrue(SUNDAY.current(Instant.parse("2026-12-06T01:00:00Z")).isPresent());
  }

  @Test
  void runsNowWhenTheTimeLeftCoversTheStep() {
    Decision d = SUNDAY.decide(at("2026-12-06T02:00:00Z").instant(), Duration.ofHours(2));
    assertEquals(Decision.Kind.RUN_NOW, d.kind(), d.reason());
    assertEquals(Instant.parse("2026-12-06T05:00:00Z"), d.opening().orElseThrow().end());
  }

  @Test
  void windowTooShortForWhatIsLeftRollsToNextOpening() {
    // 3h left, 3h30 needed
    Decision d = SUNDAY.decide(Instant.parse("2026-12-06T02:00:00Z"), Duration.ofMinutes(210));
    assertEquals(Decision.Kind.WAIT_UNTIL, d.kind(), d.reason());
    assertEquals(Instant.parse("2026-12-13T01:00:00Z"), d.waitUntil().orElseThrow());
    assertTrue(d.reason().contains("only 3h left"), d.reason());
  }

  @Test
  void windowShorterThanTheStepIsNever() {
    Decision d = SUNDAY.decide(Instant.parse("2026-12-06T02:00:00Z"), Duration.ofHours(5));
    assertEquals(Decision.Kind.NEVER, d.kind());
    assertTrue(d.reason().contains("5h"), d.reason());
  }

  @Test
  void missedOpeningIsNeverRunLate() {
    // one minute after the window closed: the next Sunday, not now
    Decision d = SUNDAY.decide(Instant.parse("2026-12-06T05:01:00Z"), Duration.ofMinutes(10));
    assertEquals(Decision.Kind.WAIT_UNTIL, d.kind());
    assertEquals(Instant.parse("2026-12-13T01:00:00Z"), d.waitUntil().orElseThrow());
  }

  @Test
  void blackoutSuppressesOpeningsStartingOnItsDays() {
    CronWindowCalendar c =
        calendar(
            "0 2 * * SUN",
            Duration.ofHours(4),
            BERLIN,
            new Blackout(LocalDate.of(2026, 12, 20), LocalDate.of(2027, 1, 6)));
    List<Opening> next = c.next(Instant.parse("2026-12-14T00:00:00Z"), 2);
    assertEquals(Instant.parse("2027-01-10T01:00:00Z"), next.get(0).start());
    assertEquals(Instant.parse("2027-01-17T01:00:00Z"), next.get(1).start());
    Decision d = c.decide(Instant.parse("2026-12-20T02:00:00Z"), Duration.ofHours(1));
    assertEquals(Decision.Kind.WAIT_UNTIL, d.kind(), "blacked-out Sunday is not open");
    assertEquals(Instant.parse("2027-01-10T01:00:00Z"), d.waitUntil().orElseThrow());
  }

  @Test
  void blackoutUsesTheWindowZoneForTheDay() {
    // 00:30 Berlin on Jan 7 is still Jan 6 in UTC; the blackout ends Jan 6 Berlin time
    CronWindowCalendar c =
        calendar(
            "30 0 * * *",
            Duration.ofHours(1),
            BERLIN,
            new Blackout(LocalDate.of(2027, 1, 1), LocalDate.of(2027, 1, 6)));
    assertEquals(
        Instant.parse("2027-01-06T23:30:00Z"),
        c.next(Instant.parse("2027-01-02T00:00:00Z"), 1).get(0).start());
  }

  @Test
  void durationIsRealElapsedTimeAcrossAutumnChange() {
    // 01:00 CEST + 3h real time = 03:00 CET, not 04:00
    CronWindowCalendar c = calendar("0 1 25 10 *", Duration.ofHours(3), BERLIN);
    Opening o = c.next(Instant.parse("2026-10-01T00:00:00Z"), 1).get(0);
    assertEquals(Instant.parse("2026-10-24T23:00:00Z"), o.start());
    assertEquals("03:00", o.end().atZone(BERLIN).toLocalTime().toString());
  }

  @Test
  void springForwardOpeningStartsAtEndOfGapAndKeepsItsLength() {
    CronWindowCalendar c = calendar("30 2 * * *", Duration.ofHours(2), NEW_YORK);
    Opening o = c.next(Instant.parse("2026-03-08T00:00:00Z"), 1).get(0);
    assertEquals(Instant.parse("2026-03-08T07:00:00Z"), o.start());
    assertEquals(Instant.parse("2026-03-08T09:00:00Z"), o.end());
    Decision d = c.decide(Instant.parse("2026-03-08T07:00:00Z"), Duration.ofHours(2));
    assertEquals(Decision.Kind.RUN_NOW, d.kind());
  }

  @Test
  void autumnOverlapOpensOnce() {
    CronWindowCalendar c = calendar("30 1 * * *", Duration.ofMinutes(20), NEW_YORK);
    List<Opening> open = c.next(Instant.parse("2026-11-01T00:00:00Z"), 2);
    assertEquals(Instant.parse("2026-11-01T05:30:00Z"), open.get(0).start());
    assertEquals(Instant.parse("2026-11-02T06:30:00Z"), open.get(1).start());
    // the second 01:30 (EST, 06:30Z) is not an opening
    assertTrue(c.current(Instant.parse("2026-11-01T06:35:00Z")).isEmpty());
  }

  @Test
  void overlappingOpeningsPickTheOneEndingLast() {
    CronWindowCalendar c = calendar("0 * * * *", Duration.ofMinutes(90), ZoneOffset.UTC);
    Opening o = c.current(Instant.parse("2026-05-01T10:20:00Z")).orElseThrow();
    assertEquals(Instant.parse("2026-05-01T10:00:00Z"), o.start());
    assertEquals(Instant.parse("2026-05-01T11:30:00Z"), o.end());
  }

  @Test
  void everyMinuteWithAWeekLongDurationStaysFast() {
    CronWindowCalendar c = calendar("* * * * *", Duration.ofDays(7), BERLIN);
    Opening o =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            Duration.ofSeconds(5),
            () -> c.current(Instant.parse("2026-10-25T00:30:30Z")).orElseThrow());
    assertEquals(Instant.parse("2026-10-25T00:30:00Z"), o.start());
  }
}
