package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * Expands Ansible host ranges: {@code db[01:20]} (zero padding kept), {@code web[a:f]}, {@code
 * db[1:10:2]}, and several ranges in one name, left to right.
 */
final class HostRange {
  /** A typo such as {@code [1:9999999]} must not exhaust memory. */
  static final int MAX_HOSTS = 100_000;

  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  private HostRange() {}

  static List<String> expand(String name, SourceLocation where) {
    List<String> out = new ArrayList<>();
    expandInto(name, name, where, out);
    return out;
  }

  private static void expandInto(
      String original, String name, SourceLocation where, List<String> out) {
    int open = name.indexOf('[');
    int close = name.indexOf(']');
    if (open < 0 && close < 0) {
      out.add(name);
      return;
    }
    if (open < 0 || close < open) {
      throw bad(original, where, "unbalanced brackets");
    }
    String head = name.substring(0, open);
    String body = name.substring(open + 1, close);
    String tail = name.substring(close + 1);
    String[] bounds = body.split(":", -1);
    if (bounds.length != 2 && bounds.length != 3) {
      throw bad(original, where, "a range must be [begin:end] or [begin:end:step]");
    }
    String begin = bounds[0].isEmpty() ? "0" : bounds[0];
    String end = bounds[1];
    if (end.isEmpty()) {
      throw bad(original, where, "the range has no end value");
    }
    int step = 1;
    if (bounds.length == 3) {
      step = parseInt(bounds[2], original, where);
      if (step <= 0) {
        throw bad(original, where, "the step must be a positive number");
      }
    }
    List<String> items = new ArrayList<>();
    int letterBegin = begin.length() == 1 ? LETTERS.indexOf(begin) : -1;
    int letterEnd = end.length() == 1 ? LETTERS.indexOf(end) : -1;
    if (letterBegin >= 0 && letterEnd >= 0) {
      if (letterBegin > letterEnd) {
        throw bad(original, where, "the range begins after it ends");
      }
      for (int i = letterBegin; i <= letterEnd; i += step) {
        items.add(String.valueOf(LETTERS.charAt(i)));
      }
    } else {
      int from = parseInt(begin, original, where);
      int to = parseInt(end, original, where);
      boolean padded = begin.length() > 1 && begin.charAt(0) == '0';
      if (padded && begin.length() != end.length()) {
        throw bad(original, where, "zero-padded begin and end must have the same width");
      }
      if (from > to) {
        throw bad(original, where, "the range begins after it ends");
      }
      if ((long) to - from > MAX_HOSTS * (long) step) {
        throw bad(original, where, "the range expands to more than " + MAX_HOSTS + " hosts");
      }
      for (long i = from; i <= to; i += step) {
        String digits = Long.toString(i);
        items.add(
            padded ? "0".repeat(Math.max(0, begin.length() - digits.length())) + digits : digits);
      }
    }
    for (String item : items) {
      expandInto(original, head + item + tail, where, out);
      if (out.size() > MAX_HOSTS) {
        throw bad(original, where, "the range expands to more than " + MAX_HOSTS + " hosts");
      }
    }
  }

  private static int parseInt(String text, String original, SourceLocation where) {
    if (!text.matches("[0-9]{1,9}")) {
      throw bad(original, where, "'" + text + "' is not a number or a single letter");
    }
    return Integer.parseInt(text);
  }

  private static InputException bad(String original, SourceLocation where, String why) {
    return new InputException(where, "malformed host range '" + original + "': " + why);
  }
}
