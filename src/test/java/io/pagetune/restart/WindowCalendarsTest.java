package io.pagetune.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pagetune.schedule.servicenow.ServiceNowWindow;
import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.CronExpression;
import io.pagetune.schedule.window.CronWindowCalendar;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WindowCalendarsTest {
  @Test
  void cronWindowsNeverTouchServiceNow() {
    AtomicInteger asked = new AtomicInteger();
    WindowCalendars calendars =
        new WindowCalendars(
            () -> {
              asked.incrementAndGet();
              throw new IllegalStateException("no credentials");
            });
    ChangeWindow cron =
        ChangeWindow.cron(
            "w",
            CronExpression.parse("0 2 * * SUN"),
            Duration.ofHours(4),
            ZoneOffset.UTC,
            List.of());
    assertInstanceOf(CronWindowCalendar.class, calendars.calendar(cron));
    assertEquals(0, asked.get());
    ChangeWindow chg = ChangeWindow.serviceNow("c", "CHG0040007", ZoneOffset.UTC);
    assertThrows(IllegalStateException.class, () -> calendars.calendar(chg));
    assertEquals(1, asked.get());
  }

  @Test
  void serviceNowWindowsGetAClient() {
    var client =
        new io.pagetune.schedule.servicenow.ServiceNowClient(
            java.net.URI.create("http://127.0.0.1:9"),
            new io.pagetune.schedule.servicenow.ServiceNowCredentials("u", "p"),
            io.pagetune.schedule.servicenow.ServiceNowClient.Options.defaults(),
            d -> {});
    assertInstanceOf(
        ServiceNowWindow.class,
        new WindowCalendars(() -> client)
            .calendar(ChangeWindow.serviceNow("c", "CHG0040007", ZoneOffset.UTC)));
  }
}
