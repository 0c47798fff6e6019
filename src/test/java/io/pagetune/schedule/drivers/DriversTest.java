package io.pagetune.schedule.drivers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DriversTest {
  private static final DriverContext CONTEXT =
      new DriverContext(
          Clock.systemUTC(),
          Sleeper.REAL,
          Map.of(),
          h -> Map.of(),
          h -> {
            throw new IllegalStateException("no reconnect");
          });

  private static RestartKind kind(String name, RestartDriver driver) {
    return new RestartKind(name, Duration.ofMinutes(5), c -> driver, RestartCheck.NONE);
  }

  @Test
  void dispatchesByKindNameAndFailsForAKindWithoutDriver() {
    List<RestartTarget> seen = new ArrayList<>();
    RestartDriver web =
        (t, c, d) -> {
          seen.add(t);
          return RestartOutcome.ok("restarted " + t.id(), List.of("stopserv", "startserv"));
        };
    Drivers drivers = new Drivers(List.of(kind("web_server", web)), CONTEXT);
    RestartTarget ws = new RestartTarget("web_server", "web1", "/opt/ws/https-a");
    RestartOutcome ok = drivers.restart(ws, null, Duration.ofMinutes(5));
    assertTrue(ok.ok());
    assertEquals(List.of(ws), seen);
    RestartOutcome none =
        drivers.restart(new RestartTarget("service", "web1", "httpd"), null, Duration.ofMinutes(5));
    assertFalse(none.ok());
    assertEquals("no restart driver for service httpd (service)", none.summary());
  }

  @Test
  void hostVariablesReachDriversThatAskForThem() {
    List<Map<String, Object>> seen = new ArrayList<>();
    RestartDriver sap =
        new RestartDriver() {
          @Override
          public RestartOutcome restart(
              RestartTarget target, io.pagetune.connection.Connection c, Duration t) {
            throw new AssertionError("the host variables were dropped");
          }

          @Override
          public RestartOutcome restart(
              RestartTarget target,
              Map<String, Object> vars,
              io.pagetune.connection.Connection c,
              Duration t) {
            seen.add(vars);
            return RestartOutcome.ok("ok", List.of());
          }
        };
    Drivers drivers = new Drivers(List.of(kind("sap_system", sap)), CONTEXT);
    drivers.restart(
        new RestartTarget("sap_system", "app1", "PRD", RestartTarget.Scope.SYSTEM, "SAP system"),
        Map.of("pagetune_sap_instance_number", "02"),
        null,
        Duration.ofMinutes(1));
    assertEquals(List.of(Map.of("pagetune_sap_instance_number", "02")), seen);
  }

  @Test
  void aKindRegisteredTwiceIsAWiringError() {
    RestartDriver d = (t, c, x) -> RestartOutcome.ok("", List.of());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Drivers(List.of(kind("reboot", d), kind("reboot", d)), CONTEXT));
    assertEquals("restart kind 'reboot' registered twice", e.getMessage());
    assertEquals(Optional.empty(), new Drivers(List.of(), CONTEXT).kind("reboot"));
  }
}
