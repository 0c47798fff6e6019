package io.pagetune.schedule.window;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlReader;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The change windows of an inventory ({@code inventory/windows.yml}):
 *
 * <pre>
 * windows:
 *   sap-prd-sunday: { cron: "0 2 * * SUN", duration: 4h, zone: Europe/Berlin,
 *                     blackouts: [ {from: 2026-12-20, to: 2027-01-06} ] }
 *   oracle-chg: { servicenow: CHG0040007 }
 * </pre>
 *
 * Every mistake is reported as {@code file:line:col: message}.
 */
public record WindowsFile(Map<String, ChangeWindow> windows) {
  private static final Set<String> TOP_KEYS = Set.of("windows");
  private static final Set<String> WINDOW_KEYS =
      Set.of("cron", "duration", "zone", "blackouts", "servicenow");
  private static final Set<String> BLACKOUT_KEYS = Set.of("from", "to");
  private static final List<String> REGION_ZONES =
      ZoneId.getAvailableZoneIds().stream().filter(z -> z.contains("/")).sorted().toList();
  private static final Pattern CHANGE_NUMBER = Pattern.compile("[A-Z]{2,8}\\d{1,12}");

  public WindowsFile {
    windows = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(windows));
  }

  public Optional<ChangeWindow> window(String name) {
    return Optional.ofNullable(windows.get(name));
  }

  public static WindowsFile load(YamlReader reader, Path file) {
    return from(reader.read(file));
  }

  public static WindowsFile parse(YamlReader reader, String text, String label) {
    return from(reader.parse(text, label));
  }

  private static WindowsFile from(YamlValue root) {
    YamlValue.Mapping top = mapping(root, "windows.yml");
    checkKeys(top, TOP_KEYS, "top-level key");
    Map<String, ChangeWindow> out = new LinkedHashMap<>();
    YamlValue list = top.get("windows");
    if (list == null || (list instanceof YamlValue.Scalar sc && sc.value() == null)) {
      return new WindowsFile(out);
    }
    YamlValue.Mapping windows = mapping(list, "windows");
    windows.entries().forEach((name, entry) -> out.put(name, window(name, entry)));
    return new WindowsFile(out);
  }

  private static ChangeWindow window(String name, YamlValue.Entry entry) {
    if (!name.matches("[A-Za-z0-9_.-]+")) {
      throw new InputException(
          entry.keyLocation(), "window name '" + name + "' may use letters, digits, . _ - only");
    }
    YamlValue.Mapping m = mapping(entry.value(), "window " + name);
    checkKeys(m, WINDOW_KEYS, "window key");
    if (m.has("servicenow")) {
      for (String k : List.of("cron", "duration", "blackouts")) {
        if (m.has(k)) {
          throw new InputException(
              m.keyLocation(k),
              "window " + name + " takes its times from ServiceNow; remove '" + k + "'");
        }
      }
      YamlValue.Scalar chg = scalar(m.get("servicenow"), "servicenow");
      if (!CHANGE_NUMBER.matcher(chg.asText()).matches()) {
        throw new InputException(
            chg.location(),
            "'" + chg.asText() + "' is not a change request number like CHG0040007");
      }
      ZoneId zone = m.has("zone") ? zone(m.get("zone")) : ZoneOffset.UTC;
      return ChangeWindow.serviceNow(name, chg.asText(), zone);
    }
    for (String k : List.of("cron", "duration", "zone")) {
      if (!m.has(k)) {
        throw new InputException(
            m.location(), "window " + name + " needs '" + k + "' (or 'servicenow')");
      }
    }
    CronExpression cron = cron(scalar(m.get("cron"), "cron"));
    Duration duration = duration(m.get("duration"));
    ZoneId zone = zone(m.get("zone"));
    List<Blackout> blackouts = new ArrayList<>();
    YamlValue b = m.get("blackouts");
    if (b != null) {
      if (!(b instanceof YamlValue.Seq seq)) {
        throw new InputException(b.location(), "blackouts must be a list of {from, to}");
      }
      for (YamlValue item : seq.items()) {
        blackouts.add(blackout(item));
      }
    }
    return ChangeWindow.cron(name, cron, duration, zone, blackouts);
  }

  private static CronExpression cron(YamlValue.Scalar s) {
    try {
      return CronExpression.parse(s.asText());
    } catch (CronSyntaxException e) {
      SourceLocation at = s.location();
      // columns inside a quoted one-line scalar map straight onto the file
      int shift = s.quoted() && !s.asText().contains("\n") ? 1 : 0;
      SourceLocation col =
          new SourceLocation(at.file(), at.line(), at.column() + shift + e.column() - 1);
      throw new InputException(col, "bad cron '" + s.asText() + "': " + e.reason());
    }
  }

  private static Duration duration(YamlValue v) {
    YamlValue.Scalar s = scalar(v, "duration");
    Optional<Duration> d = DurationText.parse(s.asText());
    if (s.value() instanceof Long || d.isEmpty()) {
      throw new InputException(
          s.location(), "bad duration '" + s.asText() + "'; write it like 4h, 90m, 1h30m or PT4H");
    }
    if (d.get().isZero()) {
      throw new InputException(s.location(), "duration must be longer than zero");
    }
    return d.get();
  }

  private static ZoneId zone(YamlValue v) {
    YamlValue.Scalar s = scalar(v, "zone");
    String text = s.asText();
    if (text.contains("/") || text.equals("UTC")) {
      try {
        return ZoneId.of(text);
      } catch (DateTimeException e) {
        // fall through to the suggestion below
      }
    }
    throw new InputException(
        s.location(),
        "unknown zone '"
            + text
            + "'; use an IANA name like Europe/Berlin"
            + Suggestions.didYouMean(text, REGION_ZONES));
  }

  private static Blackout blackout(YamlValue v) {
    YamlValue.Mapping m = mapping(v, "blackout");
    checkKeys(m, BLACKOUT_KEYS, "blackout key");
    if (!m.has("from") || !m.has("to")) {
      throw new InputException(m.location(), "a blackout needs 'from' and 'to' dates");
    }
    LocalDate from = date(m.get("from"));
    LocalDate to = date(m.get("to"));
    if (to.isBefore(from)) {
      throw new InputException(m.get("to").location(), "blackout ends before it starts");
    }
    return new Blackout(from, to);
  }

  private static LocalDate date(YamlValue v) {
    YamlValue.Scalar s = scalar(v, "date");
    try {
      return LocalDate.parse(s.asText());
    } catch (DateTimeParseException e) {
      throw new InputException(s.location(), "'" + s.asText() + "' is not a date like 2026-12-20");
    }
  }

  private static void checkKeys(YamlValue.Mapping m, Set<String> known, String what) {
    for (String key : m.entries().keySet()) {
      if (!known.contains(key)) {
        throw new InputException(
            m.keyLocation(key),
            "unknown " + what + " '" + key + "'" + Suggestions.didYouMean(key, known));
      }
    }
  }

  private static YamlValue.Mapping mapping(YamlValue v, String what) {
    if (v instanceof YamlValue.Mapping m) {
      return m;
    }
    throw new InputException(v.location(), what + " must be a mapping");
  }

  private static YamlValue.Scalar scalar(YamlValue v, String what) {
    if (v instanceof YamlValue.Scalar s && s.value() != null) {
      return s;
    }
    throw new InputException(v.location(), what + " must be a single value");
  }
}
