package io.pagetune.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.postgres.PostgresTarget;
import io.pagetune.targets.sap.SapTarget;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenefitProbesTest {
  private static final RestartTarget ORCL =
      new io.pagetune.app.Wiring().restartKinds().target(OracleTarget.DB_INSTANCE, "db1", "ORCL");
  private static final RestartTarget PG =
      new RestartTarget("postgres_cluster", "pg1", "/srv/pg/data");
  private final BenefitProbes probes =
      new BenefitProbes(List.of(new SapTarget(), new OracleTarget(), new PostgresTarget()));

  @Test
  void eachTargetsKindGetsItsBuiltInProbe() {
    BenefitProbe oracle = probes.forRestart(ORCL, Map.of()).orElseThrow();
    assertTrue(oracle.command().contains("sqlplus -S -L"), oracle.command());
    assertTrue(oracle.command().contains("ORACLE_SID=ORCL"), oracle.command());
    assertEquals(5, oracle.runs());
    BenefitProbe pg = probes.forRestart(PG, Map.of()).orElseThrow();
    assertTrue(pg.command().contains("d=/srv/pg/data"), pg.command());
    assertTrue(pg.command().contains("\\gexec"), pg.command());
    assertEquals(Optional.of(pg.command()), pg.warmup());
  }

  @Test
  void theHostsRunsAndTargetKeysApplyToTheBuiltInProbe() {
    BenefitProbe pg =
        probes
            .forRestart(PG, Map.of("benefit_probe", Map.of("runs", 9, "table", "app.orders")))
            .orElseThrow();
    assertEquals(9, pg.runs());
    assertTrue(pg.command().contains("-v t=app.orders"), pg.command());
  }

  @Test
  void aHostCommandOverridesAndOffTurnsItOff() {
    assertEquals(
        Optional.of(new BenefitProbe("true", 3, Optional.empty(), false)),
        probes.forRestart(ORCL, Map.of("benefit_probe", Map.of("command", "true", "runs", 3))));
    assertEquals(Optional.empty(), probes.forRestart(ORCL, Map.of("benefit_probe", false)));
    assertEquals(Optional.empty(), probes.forRestart(ORCL, Map.of("benefit_probe", "off")));
  }

  @Test
  void kindsWithoutABuiltInProbeNeedACommand() {
    RestartTarget web = new RestartTarget("service", "web1", "httpd");
    assertEquals(Optional.empty(), probes.forRestart(web, Map.of()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> probes.forRestart(web, Map.of("benefit_probe", Map.of("runs", 3))));
    assertTrue(e.getMessage().startsWith("benefit_probe needs a command: "), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> probes.forRestart(ORCL, Map.of("benefit_probe", "sqlplus")));
    assertTrue(e.getMessage().startsWith("benefit_probe must be {command, runs} or off"));
  }
}
