package io.pagetune.schedule.drivers;

import io.pagetune.connection.Connection;
import io.pagetune.modules.RestartTarget;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Which driver restarts which kind of target. */
public final class Drivers {
  private final Map<RestartTarget.Kind, RestartDriver> byKind;

  public Drivers(Map<RestartTarget.Kind, RestartDriver> byKind) {
    this.byKind = byKind.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(byKind));
  }

  /**
   * The standard set: sapcontrol for SAP systems, srvctl or SQL*Plus for databases, stopserv and
   * startserv for web servers, systemctl for services, and reboots.
   */
  public static Drivers standard(
      SapControlDriver sap,
      OracleDriver oracle,
      WebServerDriver web,
      ServiceDriver service,
      RebootDriver reboot) {
    return new Drivers(
        Map.of(
            RestartTarget.Kind.SAP_SYSTEM, sap,
            RestartTarget.Kind.DB_INSTANCE, oracle,
            RestartTarget.Kind.WEB_SERVER, web,
            RestartTarget.Kind.SERVICE, service,
            RestartTarget.Kind.REBOOT, reboot));
  }

  public Optional<RestartDriver> driverFor(RestartTarget.Kind kind) {
    return Optional.ofNullable(byKind.get(kind));
  }

  /** Restarts with the kind's driver; a kind without a driver is a failed outcome. */
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    return driverFor(target.kind())
        .map(d -> d.restart(target, connection, timeout))
        .orElseGet(
            () ->
                RestartOutcome.failed(
                    "no restart driver for " + target.describe() + " (" + target.kind() + ")",
                    List.of()));
  }
}
