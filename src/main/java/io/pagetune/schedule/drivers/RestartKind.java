package io.pagetune.schedule.drivers;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One kind of restart a target registers: the name users write ({@code request_restart: kind:},
 * {@code pagetune_restart_commands} keys), how long one usually takes when the host does not say,
 * how its driver is built for a command (drivers need its clock, environment and hosts) and how its
 * effect is verified.
 */
public record RestartKind(
    String name,
    Duration expectedDuration,
    Function<DriverContext, RestartDriver> driver,
    RestartCheck check) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

  public RestartKind {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(expectedDuration, "expectedDuration");
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(check, "check");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("restart kind '" + name + "' is not a lower-case name");
    }
  }
}
