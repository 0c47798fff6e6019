package io.pagetune.template;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ansible's {@code sequence} lookup: each term is the short form {@code
 * [start-]end[/stride][:format]} or {@code start= end= count= stride= format=} words; numbers are
 * read as Python's {@code int(x, 0)} reads them (0x hex, 0o octal, no leading zero), each item is
 * {@code format % n} as text.
 */
final class SequenceLookup {
  private static final String NUM = "(0?x?[0-9a-f]+)";
  private static final Pattern SHORTCUT =
      Pattern.compile(
          "(" + NUM + "-)?" + NUM + "(/" + NUM + ")?(:(.+))?", Pattern.CASE_INSENSITIVE);

  /** At most this many items: a typo such as end=10000000000 must not fill the memory. */
  static final int MAX_ITEMS = 1_000_000;

  private long start = 1;
  private Long count;
  private Long end;
  private long stride = 1;
  private String format = "%d";

  private SequenceLookup() {}

  static List<Object> run(List<Object> terms) {
    List<Object> out = new ArrayList<>();
    for (Object term : terms) {
      if (!(term instanceof CharSequence) && !(term instanceof HostText)) {
        throw new IllegalArgumentException(
            "unknown error parsing with_sequence arguments: " + PythonText.repr(term));
      }
      SequenceLookup s = new SequenceLookup();
      String text = term.toString();
      if (!s.shortForm(text)) {
        s.words(text);
      }
      s.check();
      if (s.stride != 0) {
        List<Object> items = new ArrayList<>();
        s.generate(items);
        // items made from host text are host data too
        out.addAll(term instanceof HostText ? (List<?>) HostText.mark(items) : items);
      }
    }
    return out;
  }

  private boolean shortForm(String term) {
    Matcher m = SHORTCUT.matcher(term);
    if (!m.matches()) {
      return false;
    }
    if (m.group(2) != null) {
      start = integer("start", m.group(2));
    }
    end = integer("end", m.group(3));
    if (m.group(5) != null) {
      stride = integer("stride", m.group(5));
    }
    if (m.group(7) != null) {
      format = m.group(7);
    }
    return true;
  }

  private void words(String term) {
    Map<String, String> args = new LinkedHashMap<>();
    for (String word : term.strip().split("\\s+")) {
      int eq = word.indexOf('=');
      if (word.contains("\"") || word.contains("'") || word.contains("\\")) {
        throw new IllegalArgumentException(
            "sequence: pagetune reads start=, end=, count=, stride= and format= words without"
                + " quotes; got "
                + PythonText.repr(term));
      }
      args.put(
          eq < 0 ? "_raw_params" : word.substring(0, eq), eq < 0 ? word : word.substring(eq + 1));
    }
    for (String name : List.of("start", "end", "count", "stride")) {
      String raw = args.remove(name);
      if (raw == null) {
        continue;
      }
      long v = integer(name, raw);
      switch (name) {
        case "start" -> start = v;
        case "end" -> end = v;
        case "count" -> count = v;
        default -> stride = v;
      }
    }
    if (args.containsKey("format")) {
      format = args.remove("format");
    }
    if (!args.isEmpty()) {
      throw new IllegalArgumentException(
          "unrecognized arguments to with_sequence: "
              + PythonText.repr(new ArrayList<Object>(args.keySet())));
    }
  }

  private void check() {
    if (count == null && end == null) {
      throw new IllegalArgumentException("must specify count or end in with_sequence");
    }
    if (count != null && end != null) {
      throw new IllegalArgumentException("can't specify both count and end in with_sequence");
    }
    if (count != null) {
      if (count != 0) {
        end = start + count * stride - 1;
      } else {
        start = 0;
        end = 0L;
        stride = 0;
      }
    }
    if (stride > 0 && end < start) {
      throw new IllegalArgumentException("to count backwards make stride negative");
    }
    if (stride < 0 && end > start) {
      throw new IllegalArgumentException("to count forward don't make stride negative");
    }
    if (format.chars().filter(c -> c == '%').count() != 1) {
      throw new IllegalArgumentException("bad formatting string: " + format);
    }
  }

  private void generate(List<Object> out) {
    long stop = end + (stride >= 0 ? 1 : -1);
    long items =
        stride > 0 ? (stop - start + stride - 1) / stride : (stop - start + stride + 1) / stride;
    if (items > MAX_ITEMS) {
      throw new IllegalArgumentException(
          "sequence: " + items + " items is more than pagetune makes (" + MAX_ITEMS + ")");
    }
    for (long i = start; stride > 0 ? i < stop : i > stop; i += stride) {
      try {
        out.add(PythonFormat.format(format, i));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "problem formatting " + i + " with " + PythonText.repr(format));
      }
    }
  }

  /** Python's {@code int(text, 0)}: a 0x, 0o or 0b prefix sets the base, no other leading zero. */
  private static long integer(String name, String raw) {
    String s = raw.strip().replace("_", "");
    String lower = s.toLowerCase(Locale.ROOT);
    boolean negative = lower.startsWith("-");
    String digits = negative || lower.startsWith("+") ? lower.substring(1) : lower;
    try {
      BigInteger v;
      if (digits.startsWith("0x")) {
        v = new BigInteger(digits.substring(2), 16);
      } else if (digits.startsWith("0o")) {
        v = new BigInteger(digits.substring(2), 8);
      } else if (digits.startsWith("0b")) {
        v = new BigInteger(digits.substring(2), 2);
      } else if (digits.length() > 1 && digits.startsWith("0") && !digits.matches("0+")) {
        throw new NumberFormatException(raw);
      } else {
        v = new BigInteger(digits, 10);
      }
      return (negative ? v.negate() : v).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      // the cause would be shown instead of Ansible's words
      throw new IllegalArgumentException("can't parse " + name + "=" + raw + " as integer");
    }
  }
}
