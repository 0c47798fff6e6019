package io.pagetune.schedule.drivers;

import io.pagetune.connection.Connection;
import io.pagetune.modules.RestartTarget;
import java.time.Duration;

/**
 * Restarts one target: stop, start, and wait until it is up again, all within {@code timeout}. A
 * failure is an outcome, not an exception; only a lost connection may throw.
 */
public interface RestartDriver {
  RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout);
}
