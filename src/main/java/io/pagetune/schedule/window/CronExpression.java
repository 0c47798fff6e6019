package io.pagetune.schedule.window;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.BitSet;
import java.util.Optional;

/**
 * A standard 5-field cron expression (minute hour day-of-month month day-of-week) evaluated as
 * wall-clock time in a zone.
 *
 * <p>Day matching follows Vixie cron: when both day fields are restricted (neither starts with
 * {@code *}) a day matches if either matches; otherwise both must match.
 *
 * <p>Daylight saving, following cronie/ISC cron: a time that falls into a spring-forward gap fires
 * at the first instant after the gap (02:30 on a day that jumps 02:00→03:00 fires at 03:00); a time
 * that occurs twice in an autumn overlap fires once, at its first occurrence.
 */
public final class CronExpression {
  /** Searching further than this finds nothing new: every calendar pattern repeats by then. */
  private static final int SEARCH_DAYS = 366 * 8 + 2;

  private final String text;
  private final BitSet minutes;
  private final BitSet hours;
  private final BitSet daysOfMonth;
  private final BitSet months;
  private final BitSet daysOfWeek;
  private final boolean domStar;
  private final boolean dowStar;

  private CronExpression(String text, BitSet[] fields, boolean domStar, boolean dowStar) {
    this.text = text;
    this.minutes = fields[0];
    this.hours = fields[1];
    this.daysOfMonth = fields[2];
    this.months = fields[3];
    this.daysOfWeek = fields[4];
    this.domStar = domStar;
    this.dowStar = dowStar;
  }

  /** Parses an expression; errors carry the 1-based column of the offending text. */
  public static CronExpression parse(String text) {
    CronField[] kinds = CronField.values();
    BitSet[] fields = new BitSet[kinds.length];
    String[] words = new String[kinds.length];
    int i = 0;
    int n = 0;
    while (i < text.length()) {
      if (Character.isWhitespace(text.charAt(i))) {
        i++;
        continue;
      }
      int start = i;
      while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (n == kinds.length) {
        throw new CronSyntaxException(
            start + 1, "more than 5 fields (minute hour day-of-month month day-of-week)");
      }
      words[n] = text.substring(start, i);
      fields[n] = kinds[n].parse(words[n], start + 1);
      n++;
    }
    if (n < kinds.length) {
      throw new CronSyntaxException(
          text.length() + 1,
          "expected 5 fields (minute hour day-of-month month day-of-week), found " + n);
    }
    return new CronExpression(
        text.strip(), fields, words[2].startsWith("*"), words[4].startsWith("*"));
  }

  public String text() {
    return text;
  }

  /** Whether the expression selects this calendar day. */
  public boolean matchesDay(LocalDate date) {
    if (!months.get(date.getMonthValue())) {
      return false;
    }
    boolean dom = daysOfMonth.get(date.getDayOfMonth());
    boolean dow =
        daysOfWeek.get(
            date.getDayOfWeek() == DayOfWeek.SUNDAY ? 0 : date.getDayOfWeek().getValue());
    return domStar || dowStar ? dom && dow : dom || dow;
  }

  /** The first firing at or after {@code from}, or empty when the expression never fires. */
  public Optional<Instant> nextAtOrAfter(Instant from, ZoneId zone) {
    // start a day early: a gap-shifted firing of the previous local day can land after from
    LocalDate day = from.atZone(zone).toLocalDate().minusDays(1);
    for (int d = 0; d < SEARCH_DAYS; d++, day = day.plusDays(1)) {
      // times resolve monotonically, so a day (or hour) whose last minute is before from is skipped
      if (!matchesDay(day) || resolve(day.atTime(23, 59), zone).isBefore(from)) {
        continue;
      }
      for (int h = hours.nextSetBit(0); h >= 0; h = hours.nextSetBit(h + 1)) {
        if (resolve(day.atTime(h, 59), zone).isBefore(from)) {
          continue;
        }
        for (int m = minutes.nextSetBit(0); m >= 0; m = minutes.nextSetBit(m + 1)) {
          Instant at = resolve(LocalDateTime.of(day, LocalTime.of(h, m)), zone);
          if (!at.isBefore(from)) {
            return Optional.of(at);
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Wall-clock time to instant: gap times move to the end of the gap, overlaps take the first. */
  static Instant resolve(LocalDateTime local, ZoneId zone) {
    ZoneOffsetTransition transition = zone.getRules().getTransition(local);
    if (transition != null && transition.isGap()) {
      return transition.getInstant();
    }
    return ZonedDateTime.ofLocal(local, zone, null).withEarlierOffsetAtOverlap().toInstant();
  }

  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CronExpression c && c.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }
}
