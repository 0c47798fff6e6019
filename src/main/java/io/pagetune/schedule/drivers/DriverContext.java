package io.pagetune.schedule.drivers;

import io.pagetune.connection.Connection;
import io.pagetune.schedule.Sleeper;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What drivers are built from: the clock and sleeper every wait uses, the environment (driver
 * credentials, never in the inventory), each host's variables and a way to reconnect to a host.
 *
 * @param hostVars a host's resolved variables by inventory name (empty for an unknown host)
 * @param reconnect opens a fresh connection to the named host (after a reboot)
 */
public record DriverContext(
    Clock clock,
    Sleeper sleeper,
    Map<String, String> env,
    Function<String, Map<String, Object>> hostVars,
    Function<String, Connection> reconnect) {
  public DriverContext {
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sleeper, "sleeper");
    env = Map.copyOf(env);
    Objects.requireNonNull(hostVars, "hostVars");
    Objects.requireNonNull(reconnect, "reconnect");
  }
}
