package io.pagetune.cli;

import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.CronWindowCalendar;
import io.pagetune.schedule.window.Opening;
import io.pagetune.schedule.window.WindowsFile;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Each host's change window and its next openings as JSON ({@code windows --output json}, the next
 * window in {@code status}): times in UTC and in the window's own zone.
 */
final class WindowsJson {
  private WindowsJson() {}

  static Map<String, Object> hosts(
      Map<String, Optional<String>> hostWindows, WindowsFile windows, Instant now, int count) {
    Map<String, Object> hosts = new LinkedHashMap<>();
    hostWindows.forEach((host, name) -> hosts.put(host, host(name, windows, now, count)));
    return Map.of("hosts", hosts);
  }

  static Map<String, Object> host(
      Optional<String> name, WindowsFile windows, Instant now, int count) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("window", name.orElse(null));
    if (name.isEmpty()) {
      return m;
    }
    Optional<ChangeWindow> found = windows.window(name.get());
    if (found.isEmpty()) {
      m.put("error", "unknown window '" + name.get() + "'");
      return m;
    }
    ChangeWindow w = found.get();
    m.put("zone", w.zone().getId());
    if (w.isServiceNow()) {
      m.put("servicenow", w.serviceNowChange().orElseThrow());
      return m;
    }
    m.put("cron", w.cron().orElseThrow().text());
    m.put("duration_seconds", w.duration().toSeconds());
    CronWindowCalendar calendar = new CronWindowCalendar(w);
    m.put("open_now", calendar.current(now).map(o -> opening(o, w.zone())).orElse(null));
    m.put(
        "next",
        calendar.next(now.plusNanos(1), count).stream().map(o -> opening(o, w.zone())).toList());
    return m;
  }

  private static Map<String, Object> opening(Opening o, ZoneId zone) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("start", o.start().toString());
    m.put("end", o.end().toString());
    m.put("start_local", o.start().atZone(zone).toOffsetDateTime().toString());
    m.put("end_local", o.end().atZone(zone).toOffsetDateTime().toString());
    return m;
  }
}
