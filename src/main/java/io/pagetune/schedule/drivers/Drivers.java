package io.pagetune.schedule.drivers;

import io.pagetune.connection.Connection;
import io.pagetune.schedule.RestartTarget;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Which driver restarts which kind of target, keyed by the kind names targets register. */
public final class Drivers {
  private final Map<String, RestartKind> byName;
  private final Map<String, RestartDriver> drivers;

  /** Builds each kind's driver for this command; a kind registered twice is a wiring error. */
  public Drivers(Collection<RestartKind> kinds, DriverContext context) {
    Map<String, RestartKind> m = new LinkedHashMap<>();
    Map<String, RestartDriver> d = new LinkedHashMap<>();
    for (RestartKind k : kinds) {
      if (m.putIfAbsent(k.name(), k) != null) {
        throw new IllegalArgumentException("restart kind '" + k.name() + "' registered twice");
      }
      d.put(k.name(), k.driver().apply(context));
    }
    this.byName = Collections.unmodifiableMap(m);
    this.drivers = Collections.unmodifiableMap(d);
  }

  /** The kind names in registration order: what {@code request_restart: kind:} accepts. */
  public Set<String> names() {
    return byName.keySet();
  }

  public Optional<RestartKind> kind(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public Optional<RestartDriver> driverFor(String kind) {
    return Optional.ofNullable(drivers.get(kind));
  }

  /** Restarts with the kind's driver; a kind without a driver is a failed outcome. */
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    return restart(target, Map.of(), connection, timeout);
  }

  public RestartOutcome restart(
      RestartTarget target, Map<String, Object> hostVars, Connection connection, Duration timeout) {
    return driverFor(target.kind())
        .map(d -> d.restart(target, hostVars, connection, timeout))
        .orElseGet(
            () ->
                RestartOutcome.failed(
                    "no restart driver for " + target.describe() + " (" + target.kind() + ")",
                    List.of()));
  }
}
