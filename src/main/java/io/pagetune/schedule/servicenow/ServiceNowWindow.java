package io.pagetune.schedule.servicenow;

import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.Decision;
import io.pagetune.schedule.window.Opening;
import io.pagetune.schedule.window.WindowCalendar;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A change window backed by a ServiceNow change request: open only while the request is Scheduled
 * or Implement and now is within its planned start and end. Every call reads the request again, so
 * a request cancelled or closed meanwhile stops the next disruptive step. When ServiceNow cannot be
 * read, the {@link ServiceNowException} propagates: the caller keeps the restart queued.
 */
public final class ServiceNowWindow implements WindowCalendar {
  private final ChangeWindow window;
  private final String number;
  private final ServiceNowClient client;

  public ServiceNowWindow(ChangeWindow window, ServiceNowClient client) {
    this.window = window;
    this.number =
        window
            .serviceNowChange()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "window " + window.name() + " is not a ServiceNow window"));
    this.client = client;
  }

  /** Reads the change request now. */
  public ChangeRequest read() {
    return client.changeRequest(number);
  }

  /** Adds a work note to the change request (restart started, finished, failed). */
  public void note(String text) {
    client.addWorkNote(read().sysId(), text);
  }

  @Override
  public Optional<Opening> current(Instant now) {
    ChangeRequest c = read();
    return c.openAt(now) ? opening(c) : Optional.empty();
  }

  @Override
  public List<Opening> next(Instant from, int count) {
    ChangeRequest c = read();
    if (count < 1 || !c.state().allowsWork()) {
      return List.of();
    }
    return opening(c).filter(o -> !o.start().isBefore(from)).map(List::of).orElse(List.of());
  }

  @Override
  public Decision decide(Instant now, Duration expected) {
    ChangeRequest c = read();
    String label = c.number() + " (" + c.state().display() + ")";
    if (!c.state().allowsWork()) {
      return Decision.never(label + " does not allow work; only Scheduled or Implement do");
    }
    Optional<Opening> o = opening(c);
    if (o.isEmpty()) {
      return Decision.never(label + " has no planned start and end");
    }
    Opening opening = o.get();
    if (!now.isBefore(opening.end())) {
      return Decision.never(
          label + " ended at " + opening.end() + "; a missed window is not run late");
    }
    if (opening.contains(now)) {
      Duration left = opening.remaining(now);
      if (left.compareTo(expected) >= 0) {
        return Decision.runNow(opening, label + " is open until " + opening.end());
      }
      return Decision.never(
          label
              + " has only "
              + WindowCalendar.describe(left)
              + " left, "
              + WindowCalendar.describe(expected)
              + " needed");
    }
    if (opening.length().compareTo(expected) < 0) {
      return Decision.never(
          label
              + " is "
              + WindowCalendar.describe(opening.length())
              + " long, "
              + WindowCalendar.describe(expected)
              + " needed");
    }
    return Decision.waitUntil(opening, label + " opens at " + opening.start());
  }

  private Optional<Opening> opening(ChangeRequest c) {
    if (c.plannedStart().isEmpty()
        || c.plannedEnd().isEmpty()
        || !c.plannedEnd().get().isAfter(c.plannedStart().get())) {
      return Optional.empty();
    }
    return Optional.of(new Opening(window.name(), c.plannedStart().get(), c.plannedEnd().get()));
  }
}
