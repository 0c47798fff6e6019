package io.pagetune.schedule.drivers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.RestartTarget;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DriversTest {
  @Test
  void dispatchesByKindAndFailsForAKindWithoutDriver() {
    List<RestartTarget> seen = new ArrayList<>();
    RestartDriver web =
        (t, c, d) -> {
          seen.add(t);
          return RestartOutcome.ok("restarted " + t.id(), List.of("stopserv", "startserv"));
        };
    Drivers drivers = new Drivers(Map.of(RestartTarget.Kind.WEB_SERVER, web));
    RestartTarget ws = new RestartTarget(RestartTarget.Kind.WEB_SERVER, "web1", "/opt/ws/https-a");
    RestartOutcome ok = drivers.restart(ws, null, Duration.ofMinutes(5));
    assertTrue(ok.ok());
    assertEquals(List.of(ws), seen);
    RestartOutcome none =
        drivers.restart(
            new RestartTarget(RestartTarget.Kind.SERVICE, "web1", "httpd"),
            null,
            Duration.ofMinutes(5));
    assertFalse(none.ok());
    assertEquals("no restart driver for service httpd (SERVICE)", none.summary());
  }

  @Test
  void standardSetCoversEveryKind() {
    FakeTime time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
    SapControlDriver sap = new SapControlDriver(SapControlDriver.Options.defaults(), time, time);
    OracleDriver oracle = new OracleDriver(OracleDriver.Options.defaults(true), time, time);
    WebServerDriver web = new WebServerDriver(WebServerDriver.Options.defaults(), time, time);
    RebootDriver reboot = new RebootDriver(RebootDriver.Options.defaults(), h -> null, time, time);
    ServiceDriver service = new ServiceDriver(ServiceDriver.Options.defaults(), time, time);
    Drivers d = Drivers.standard(sap, oracle, web, service, reboot);
    assertSame(sap, d.driverFor(RestartTarget.Kind.SAP_SYSTEM).orElseThrow());
    assertSame(oracle, d.driverFor(RestartTarget.Kind.DB_INSTANCE).orElseThrow());
    assertSame(web, d.driverFor(RestartTarget.Kind.WEB_SERVER).orElseThrow());
    assertSame(reboot, d.driverFor(RestartTarget.Kind.REBOOT).orElseThrow());
    assertSame(service, d.driverFor(RestartTarget.Kind.SERVICE).orElseThrow());
  }
}
