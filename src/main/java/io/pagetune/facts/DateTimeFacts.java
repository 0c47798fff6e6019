package io.pagetune.facts;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ansible_date_time} as Ansible's date_time facts give it, every value a string: the host's
 * clock ({@code date +%s}, with {@code %N} where the host's {@code date} has it, else awk's {@code
 * srand()} time) and its local offset and zone name ({@code %z}, {@code %Z}); the local fields are
 * computed from them, so they all describe the same instant. {@code tz_dst} is the zone's
 * summer-time name (the name of the larger of the offsets of 1 January and 1 July, which needs GNU
 * {@code date -d}; elsewhere {@code tz}).
 */
final class DateTimeFacts {
  static final String SCRIPT =
      "s=$(date +%s); case \"$s\" in ''|*[!0-9]*)"
          + " s=$(nawk 'BEGIN{srand(); print srand()}' 2>/dev/null"
          + " || awk 'BEGIN{srand(); print srand()}');; esac\n"
          + "n=$(date +%N); case \"$n\" in ''|*[!0-9]*) n=0;; esac\n"
          + "echo \"now $s $n $(date +%z) $(date +%Z)\"\n"
          + "y=$(date +%Y); echo \"jan $(date -d \"$y-01-01 12:00\" '+%z %Z')\";"
          + " echo \"jul $(date -d \"$y-07-01 12:00\" '+%z %Z')\"";

  static final Fact<String> FACT = SimpleFact.text("date_time", SCRIPT);

  private DateTimeFacts() {}

  static Map<String, Object> of(String output) {
    Map<String, String> lines = new LinkedHashMap<>();
    for (String l : output == null ? new String[0] : output.split("\n")) {
      int sp = l.indexOf(' ');
      if (sp > 0) {
        lines.put(l.substring(0, sp), l.substring(sp + 1).strip());
      }
    }
    String[] now = lines.getOrDefault("now", "").split("\\s+");
    if (now.length < 2 || !now[0].matches("[0-9]+")) {
      return Map.of();
    }
    long epoch = Long.parseLong(now[0]);
    long nanos = now[1].matches("[0-9]{1,9}") ? Long.parseLong(now[1]) : 0;
    ZoneOffset offset = offset(now.length > 2 ? now[2] : "");
    String tz = now.length > 3 ? now[3] : offset.getId();
    Instant instant = Instant.ofEpochSecond(epoch, nanos).truncatedTo(ChronoUnit.MICROS);
    LocalDateTime local = LocalDateTime.ofInstant(instant, offset);
    LocalDateTime utc = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("year", fmt(local, "yyyy"));
    f.put("month", fmt(local, "MM"));
    f.put("weekday", local.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
    f.put("weekday_number", String.valueOf(local.getDayOfWeek().getValue() % 7));
    f.put("weeknumber", String.format(Locale.ROOT, "%02d", mondayWeek(local)));
    f.put("day", fmt(local, "dd"));
    f.put("hour", fmt(local, "HH"));
    f.put("minute", fmt(local, "mm"));
    f.put("second", fmt(local, "ss"));
    f.put("epoch", String.valueOf(epoch));
    f.put("epoch_int", String.valueOf(epoch));
    f.put("date", fmt(local, "yyyy-MM-dd"));
    f.put("time", fmt(local, "HH:mm:ss"));
    f.put("iso8601_micro", fmt(utc, "yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'"));
    f.put("iso8601", fmt(utc, "yyyy-MM-dd'T'HH:mm:ss'Z'"));
    f.put("iso8601_basic", fmt(local, "yyyyMMdd'T'HHmmssSSSSSS"));
    f.put("iso8601_basic_short", fmt(local, "yyyyMMdd'T'HHmmss"));
    f.put("tz", tz);
    f.put("tz_dst", dstName(lines.get("jan"), lines.get("jul"), tz));
    f.put("tz_offset", offsetText(offset));
    return f;
  }

  /** strftime's {@code %W}: weeks whose first day is Monday; days before the first Monday are 0. */
  static int mondayWeek(LocalDateTime t) {
    int yday = t.getDayOfYear() - 1;
    int wdayFromMonday = t.getDayOfWeek().getValue() - DayOfWeek.MONDAY.getValue();
    return (yday + 7 - wdayFromMonday) / 7;
  }

  private static String dstName(String jan, String jul, String tz) {
    String[] a = jan == null ? new String[0] : jan.split("\\s+");
    String[] b = jul == null ? new String[0] : jul.split("\\s+");
    if (a.length < 2 || b.length < 2) {
      return tz;
    }
    if (a[1].equals(b[1])) {
      return a[1];
    }
    return offset(a[0]).getTotalSeconds() > offset(b[0]).getTotalSeconds() ? a[1] : b[1];
  }

  private static ZoneOffset offset(String z) {
    if (z.matches("[+-][0-9]{4}")) {
      return ZoneOffset.of(z.substring(0, 3) + ":" + z.substring(3));
    }
    return ZoneOffset.UTC;
  }

  private static String offsetText(ZoneOffset o) {
    int s = o.getTotalSeconds();
    int abs = Math.abs(s);
    return String.format(Locale.ROOT, "%s%02d%02d", s < 0 ? "-" : "+", abs / 3600, abs % 3600 / 60);
  }

  private static String fmt(LocalDateTime t, String pattern) {
    return DateTimeFormatter.ofPattern(pattern, Locale.ROOT).format(t);
  }
}
