package io.pagetune.schedule.queue;

import java.util.List;
import java.util.Objects;

/**
 * What enqueue did with a request.
 *
 * @param intent the queued intent that will perform the restart
 * @param superseded ids of queued intents a new reboot made unnecessary
 */
public record EnqueueResult(
    Disposition disposition, RestartIntent intent, List<String> superseded) {
  public enum Disposition {
    /** A new intent was queued. */
    NEW,
    /** A queued intent for the same target takes the request. */
    MERGED,
    /** A queued reboot of the host takes the request. */
    ABSORBED
  }

  public EnqueueResult {
    Objects.requireNonNull(disposition);
    Objects.requireNonNull(intent);
    superseded = List.copyOf(superseded);
  }
}
