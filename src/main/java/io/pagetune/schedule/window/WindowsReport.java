package io.pagetune.schedule.window;

import io.pagetune.error.Suggestions;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The text of {@code pagetune windows}: each host's window and its next openings in the window's
 * local time and in UTC. A pure function of its inputs; hosts name their window in the inventory
 * variable {@value #HOST_VARIABLE}.
 */
public final class WindowsReport {
  /** vars.EngineVariables.CHANGE_WINDOW (schedule does not depend on inventory). */
  public static final String HOST_VARIABLE = "pagetune_change_window";

  private static final DateTimeFormatter LOCAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd EEE HH:mm zzz", Locale.ROOT);
  private static final DateTimeFormatter UTC =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm'Z'", Locale.ROOT);

  private WindowsReport() {}

  /**
   * @param hostWindows host name → its {@value #HOST_VARIABLE} value (empty: none set), in the
   *     order to print
   */
  public static String render(
      Map<String, Optional<String>> hostWindows, WindowsFile windows, Instant now, int count) {
    StringBuilder sb = new StringBuilder();
    int width = hostWindows.keySet().stream().mapToInt(String::length).max().orElse(0);
    hostWindows.forEach(
        (host, name) -> {
          sb.append(String.format(Locale.ROOT, "%-" + Math.max(width, 1) + "s  ", host));
          if (name.isEmpty()) {
            sb.append("no change window (set ").append(HOST_VARIABLE).append(")\n");
            return;
          }
          Optional<ChangeWindow> w = windows.window(name.get());
          if (w.isEmpty()) {
            sb.append("unknown window '")
                .append(name.get())
                .append("'")
                .append(Suggestions.didYouMean(name.get(), windows.windows().keySet()))
                .append('\n');
            return;
          }
          describe(sb, w.get(), now, count);
        });
    return sb.toString();
  }

  private static void describe(StringBuilder sb, ChangeWindow w, Instant now, int count) {
    if (w.isServiceNow()) {
      sb.append(w.name())
          .append(" (ServiceNow ")
          .append(w.serviceNowChange().orElseThrow())
          .append("; open while Scheduled/Implement within its planned start/end)\n");
      return;
    }
    sb.append(w.name())
        .append(" (cron \"")
        .append(w.cron().orElseThrow().text())
        .append("\", ")
        .append(WindowCalendar.describe(w.duration()))
        .append(", ")
        .append(w.zone().getId())
        .append(")\n");
    CronWindowCalendar calendar = new CronWindowCalendar(w);
    Optional<Opening> current = calendar.current(now);
    current.ifPresent(o -> line(sb, "open now", o, w.zone()));
    List<Opening> next = calendar.next(now.plusNanos(1), count);
    if (next.isEmpty()) {
      sb.append("    no coming opening\n");
    }
    for (Opening o : next) {
      line(sb, "next", o, w.zone());
    }
  }

  private static void line(StringBuilder sb, String label, Opening o, ZoneId zone) {
    sb.append(String.format(Locale.ROOT, "    %-8s ", label))
        .append(LOCAL.format(o.start().atZone(zone)))
        .append(" - ")
        .append(LOCAL.format(o.end().atZone(zone)))
        .append("  (")
        .append(UTC.format(o.start().atOffset(ZoneOffset.UTC)))
        .append(" - ")
        .append(UTC.format(o.end().atOffset(ZoneOffset.UTC)))
        .append(")\n");
  }
}
