package io.pagetune.restart;

import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.Decision;
import io.pagetune.schedule.window.Opening;
import io.pagetune.schedule.window.WindowsFile;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/** A host's change window decision, and how to say it to a person. */
public final class WindowLookup {
  private static final DateTimeFormatter LOCAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm zzz", Locale.ROOT);

  private final WindowsFile windows;
  private final WindowCalendars calendars;

  WindowLookup(WindowsFile windows, WindowCalendars calendars) {
    this.windows = windows;
    this.calendars = calendars;
  }

  /** Empty when the host has no change window: restarts then wait for the next run-due. */
  public Optional<Decision> decide(HostRestartPolicy policy, Instant now, Duration expected) {
    if (policy.window().isEmpty()) {
      return Optional.empty();
    }
    ChangeWindow w =
        windows
            .window(policy.window().get())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "unknown change window '" + policy.window().get() + "'"));
    return Optional.of(calendars.calendar(w).decide(now, expected));
  }

  /** The host's ServiceNow change, when its window is one (for the work note after a restart). */
  Optional<io.pagetune.schedule.servicenow.ServiceNowWindow> serviceNow(HostRestartPolicy policy) {
    return policy
        .window()
        .flatMap(windows::window)
        .filter(ChangeWindow::isServiceNow)
        .map(w -> (io.pagetune.schedule.servicenow.ServiceNowWindow) calendars.calendar(w));
  }

  ZoneId zone(HostRestartPolicy policy) {
    return policy
        .window()
        .flatMap(windows::window)
        .map(ChangeWindow::zone)
        .orElse(ZoneId.of("UTC"));
  }

  /** "in window sap-prd-sunday at 2026-12-06 02:00 CET", "now (window … open until …)", … */
  public String describe(HostRestartPolicy policy, Optional<Decision> decision) {
    if (decision.isEmpty()) {
      return "with no change window (at the next 'pagetune schedule run-due')";
    }
    Decision d = decision.get();
    String name = policy.window().orElse("?");
    ZoneId zone = zone(policy);
    return switch (d.kind()) {
      case RUN_NOW -> "now, in window " + name + until(d.opening(), zone);
      case WAIT_UNTIL ->
          "in window " + name + " at " + LOCAL.format(d.waitUntil().orElseThrow().atZone(zone));
      case NEVER -> "never: " + d.reason();
    };
  }

  private static String until(Optional<Opening> opening, ZoneId zone) {
    return opening.map(o -> " (open until " + LOCAL.format(o.end().atZone(zone)) + ")").orElse("");
  }
}
