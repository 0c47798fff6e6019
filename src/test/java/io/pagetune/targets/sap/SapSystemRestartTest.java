package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.DriverContext;
import io.pagetune.testing.FakeTime;
import io.pagetune.testing.LocalAsBecome;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which SAP restart a host gets follows its pagetune_ settings, never the inventory's own names.
 */
class SapSystemRestartTest {
  private static final RestartTarget PRD = SapTarget.SYSTEM_RESTART.target("app1", "PRD");

  private final FakeTime time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));

  private SapSystemRestart restart() {
    return new SapSystemRestart(
        new DriverContext(
            time,
            time,
            Map.of(),
            h -> Map.of(),
            h -> {
              throw new AssertionError("no reconnect");
            }));
  }

  /** The first sapcontrol command line the restart ran. */
  private static String firstCommand(Map<String, Object> vars) {
    LocalAsBecome connection = new LocalAsBecome();
    new SapSystemRestart(
            new DriverContext(
                new FakeTime(Instant.parse("2026-12-06T01:00:00Z")),
                d -> {},
                Map.of(),
                h -> vars,
                h -> {
                  throw new AssertionError("no reconnect");
                }))
        .restart(PRD, vars, connection, Duration.ofMinutes(1));
    assertFalse(connection.commands.isEmpty(), "no command ran");
    return String.join(" ", connection.commands.get(0).argv());
  }

  @Test
  void theInstanceNumberIsPagetunesSetting() {
    String prefixed = firstCommand(Map.of("pagetune_sap_instance_number", "02"));
    assertTrue(prefixed.contains("-nr 02"), prefixed);
    String own = firstCommand(Map.of("sap_instance_number", "02"));
    assertTrue(own.contains("-nr 00"), own);
  }

  @Test
  void soapOnlyWhenPagetuneSapControlSaysSo() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                restart()
                    .restart(
                        PRD,
                        Map.of("pagetune_sap_control", "soap"),
                        new LocalAsBecome(),
                        Duration.ofMinutes(1)));
    assertEquals(
        "pagetune_sap_control: soap needs PAGETUNE_SAPCONTROL_USER and"
            + " PAGETUNE_SAPCONTROL_PASSWORD",
        e.getMessage());
    // the inventory's own sap_control: the command line, as for any host
    assertTrue(firstCommand(Map.of("sap_control", "soap")).contains("sapcontrol"));
  }
}
