package io.pagetune.schedule.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronExpressionTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  private static List<Instant> fire(String cron, ZoneId zone, String from, int n) {
    CronExpression c = CronExpression.parse(cron);
    List<Instant> out = new ArrayList<>();
    Instant cursor = Instant.parse(from);
    for (int i = 0; i < n; i++) {
      Instant t = c.nextAtOrAfter(cursor, zone).orElseThrow();
      out.add(t);
      cursor = t.plusNanos(1);
    }
    return out;
  }

  private static List<Instant> instants(String... s) {
    return java.util.Arrays.stream(s).map(Instant::parse).toList();
  }

  @Test
  void listsRangesStepsAndNames() {
    assertEquals(
        instants(
            "2026-01-05T08:00:00Z",
            "2026-01-05T08:20:00Z",
            "2026-01-05T08:40:00Z",
            "2026-01-05T10:00:00Z",
            "2026-01-05T10:20:00Z",
            "2026-01-05T10:40:00Z",
            "2026-01-07T08:00:00Z"),
        fire("*/20 8,10 * JAN-MAR mon,WED", ZoneOffset.UTC, "2026-01-03T00:00:00Z", 7));
  }

  @Test
  void rangeWithStepAndStartWithStep() {
    assertEquals(
        instants("2026-01-01T01:05:00Z", "2026-01-01T01:35:00Z", "2026-01-01T03:05:00Z"),
        fire("5/30 1-5/2 * * *", ZoneOffset.UTC, "2026-01-01T00:00:00Z", 3));
  }

  @Test
  void sundayIsZeroAndSeven() {
    LocalDate sunday = LocalDate.of(2026, 12, 6);
    assertTrue(CronExpression.parse("0 0 * * 0").matchesDay(sunday));
    assertTrue(CronExpression.parse("0 0 * * 7").matchesDay(sunday));
    assertFalse(CronExpression.parse("0 0 * * 1-6").matchesDay(sunday));
  }

  @Test
  void bothDayFieldsRestrictedMeansEither() {
    CronExpression c = CronExpression.parse("0 0 13 * FRI");
    assertTrue(c.matchesDay(LocalDate.of(2026, 11, 13))); // Friday the 13th
    assertTrue(c.matchesDay(LocalDate.of(2026, 11, 20))); // a Friday
    assertTrue(c.matchesDay(LocalDate.of(2026, 10, 13))); // a Tuesday, the 13th
    assertFalse(c.matchesDay(LocalDate.of(2026, 11, 14)));
  }

  @Test
  void starredDayFieldMeansBoth() {
    // "*/2" starts with a star: Vixie cron then requires both fields (odd days that are Mondays)
    CronExpression c = CronExpression.parse("0 0 */2 * MON");
    assertTrue(c.matchesDay(LocalDate.of(2026, 11, 23))); // Monday, odd
    assertFalse(c.matchesDay(LocalDate.of(2026, 11, 16))); // Monday, even
    assertFalse(c.matchesDay(LocalDate.of(2026, 11, 17))); // odd, Tuesday
  }

  @Test
  void impossibleDateNeverFires() {
    CronExpression c = CronExpression.parse("0 0 30 FEB *");
    assertTrue(c.nextAtOrAfter(Instant.parse("2026-01-01T00:00:00Z"), BERLIN).isEmpty());
  }

  @Test
  void leapDayIsFound() {
    assertEquals(
        instants("2028-02-29T00:00:00Z"),
        fire("0 0 29 2 *", ZoneOffset.UTC, "2026-03-01T00:00:00Z", 1));
  }

  @Test
  void berlinSpringForwardGapFiresAtEndOfGap() {
    // 2026-03-29 02:00 CET jumps to 03:00 CEST (01:00Z); 02:30 does not exist that day
    assertEquals(
        instants("2026-03-22T01:30:00Z", "2026-03-29T01:00:00Z", "2026-04-05T00:30:00Z"),
        fire("30 2 * * SUN", BERLIN, "2026-03-20T00:00:00Z", 3));
  }

  @Test
  void gapTimesCollapseToOneFiring() {
    // 02:00, 02:20, 02:40 all fall into the gap: one firing at 03:00 CEST, then 03:00 itself
    assertEquals(
        instants("2026-03-29T00:40:00Z", "2026-03-29T01:00:00Z", "2026-03-29T01:20:00Z"),
        fire("*/20 1-3 29 3 *", BERLIN, "2026-03-29T00:30:00Z", 3));
  }

  @Test
  void berlinAutumnOverlapFiresOnceAtFirstOccurrence() {
    // 2026-10-25 03:00 CEST falls back to 02:00 CET; 02:30 happens at 00:30Z and 01:30Z
    assertEquals(
        instants("2026-10-18T00:30:00Z", "2026-10-25T00:30:00Z", "2026-11-01T01:30:00Z"),
        fire("30 2 * * SUN", BERLIN, "2026-10-17T00:00:00Z", 3));
  }

  @Test
  void newYorkSpringForward() {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT (07:00Z)
    assertEquals(
        instants("2026-03-07T07:30:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"),
        fire("30 2 * * *", NEW_YORK, "2026-03-07T00:00:00Z", 3));
  }

  @Test
  void newYorkFallBack() {
    // 2026-11-01 02:00 EDT falls back to 01:00 EST; 01:30 first happens at 05:30Z (EDT)
    assertEquals(
        instants("2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"),
        fire("30 1 * * *", NEW_YORK, "2026-10-31T00:00:00Z", 3));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0 25 * * *|3|hour value 25 is outside 0-23",
        "0 2 * * SNU|9|day-of-week 'SNU' is not a number 0-7",
        "0 2 * FOO SUN|7|month 'FOO'",
        "0 2 0 * *|5|day-of-month value 0 is outside 1-31",
        "*/0 2 * * *|3|step '0' is not a positive number",
        "0 5-1 * * *|3|runs backwards",
        "0 2,,3 * * *|5|empty list item",
        "0 2 * *|8|expected 5 fields",
        "0 2 * * * *|11|more than 5 fields",
        "60 * * * *|1|minute value 60",
      })
  void badFieldsNameTheColumn(String cron, int column, String message) {
    CronSyntaxException e =
        assertThrows(CronSyntaxException.class, () -> CronExpression.parse(cron));
    assertEquals(column, e.column(), e.getMessage());
    assertTrue(e.reason().contains(message), e.reason());
  }
}
