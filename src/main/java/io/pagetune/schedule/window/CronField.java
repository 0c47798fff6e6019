package io.pagetune.schedule.window;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/** One of the five fields of a cron expression: its range and the names it accepts. */
enum CronField {
  MINUTE("minute", 0, 59, List.of()),
  HOUR("hour", 0, 23, List.of()),
  DAY_OF_MONTH("day-of-month", 1, 31, List.of()),
  MONTH(
      "month",
      1,
      12,
      List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")),
  // 7 is Sunday as well as 0, as in Vixie cron
  DAY_OF_WEEK("day-of-week", 0, 7, List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"));

  final String label;
  final int min;
  final int max;
  private final List<String> names;

  CronField(String label, int min, int max, List<String> names) {
    this.label = label;
    this.min = min;
    this.max = max;
    this.names = names;
  }

  /**
   * Parses one field (lists of {@code *}, {@code a}, {@code a-b}, each with an optional {@code
   * /step}). {@code column} is where the field starts in the whole expression, for messages.
   */
  BitSet parse(String text, int column) {
    BitSet bits = new BitSet(max + 1);
    int offset = 0;
    for (String item : text.split(",", -1)) {
      parseItem(item, column + offset, bits);
      offset += item.length() + 1;
    }
    if (this == DAY_OF_WEEK && bits.get(7)) {
      bits.set(0);
      bits.clear(7);
    }
    return bits;
  }

  private void parseItem(String item, int column, BitSet bits) {
    if (item.isEmpty()) {
      throw new CronSyntaxException(column, label + " has an empty list item");
    }
    String range = item;
    int step = 1;
    int slash = item.indexOf('/');
    if (slash >= 0) {
      range = item.substring(0, slash);
      String stepText = item.substring(slash + 1);
      if (!stepText.matches("\\d{1,3}") || Integer.parseInt(stepText) == 0) {
        throw new CronSyntaxException(
            column + slash + 1, label + " step '" + stepText + "' is not a positive number");
      }
      step = Integer.parseInt(stepText);
    }
    int from;
    int to;
    if (range.equals("*")) {
      from = min;
      to = this == DAY_OF_WEEK ? 6 : max;
    } else {
      int dash = range.indexOf('-');
      if (dash >= 0) {
        from = value(range.substring(0, dash), column);
        to = value(range.substring(dash + 1), column + dash + 1);
        if (to < from) {
          throw new CronSyntaxException(
              column, label + " range '" + range + "' runs backwards (" + from + " > " + to + ")");
        }
      } else {
        from = value(range, column);
        // "a/n" means from a to the end of the range, as in cronie
        to = slash >= 0 ? max : from;
      }
    }
    for (int v = from; v <= to; v += step) {
      bits.set(v);
    }
  }

  private int value(String text, int column) {
    if (text.matches("\\d{1,2}")) {
      int v = Integer.parseInt(text);
      if (v < min || v > max) {
        throw new CronSyntaxException(
            column, label + " value " + v + " is outside " + min + "-" + max);
      }
      return v;
    }
    int index = names.indexOf(text.toUpperCase(Locale.ROOT));
    if (index >= 0) {
      return index + (this == MONTH ? 1 : 0);
    }
    String hint =
        names.isEmpty()
            ? ""
            : " or a name (" + names.get(0) + ".." + names.get(names.size() - 1) + ")";
    throw new CronSyntaxException(
        column, label + " '" + text + "' is not a number " + min + "-" + max + hint);
  }
}
