package io.pagetune.restart;

import io.pagetune.schedule.servicenow.ServiceNowClient;
import io.pagetune.schedule.servicenow.ServiceNowWindow;
import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.CronWindowCalendar;
import io.pagetune.schedule.window.WindowCalendar;
import java.util.function.Supplier;

/**
 * Turns a window definition into its calendar: cron windows directly, ServiceNow via a client. The
 * choice is made here, above {@code schedule}, so the generic window code never names ServiceNow.
 */
public final class WindowCalendars {
  private final Supplier<ServiceNowClient> serviceNow;

  /**
   * @param serviceNow called only when a ServiceNow window is used (credentials are read lazily)
   */
  public WindowCalendars(Supplier<ServiceNowClient> serviceNow) {
    this.serviceNow = serviceNow;
  }

  public WindowCalendar calendar(ChangeWindow window) {
    if (window.isServiceNow()) {
      return new ServiceNowWindow(window, serviceNow.get());
    }
    return new CronWindowCalendar(window);
  }
}
