package io.pagetune.schedule.drivers;

import io.pagetune.connection.Connection;
import io.pagetune.schedule.RestartTarget;
import java.time.Duration;
import java.util.Map;

/**
 * Restarts one target: stop, start, and wait until it is up again, all within {@code timeout}. A
 * failure is an outcome, not an exception; only a lost connection may throw.
 */
public interface RestartDriver {
  RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout);

  /**
   * Restarts with the host's variables at hand, for drivers whose way of restarting depends on them
   * (which instance number, which control protocol). Most drivers do not need them.
   */
  default RestartOutcome restart(
      RestartTarget target, Map<String, Object> hostVars, Connection connection, Duration timeout) {
    return restart(target, connection, timeout);
  }
}
