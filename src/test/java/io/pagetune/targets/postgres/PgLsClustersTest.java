package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class PgLsClustersTest {
  @Test
  void readsDebiansOneClusterDown() {
    List<PgCluster> c =
        PgLsClusters.parse(Fixtures.read("facts/pg_lsclusters/debian_one_down.txt"));
    assertEquals(
        List.of(
            new PgCluster(
                "15",
                "main",
                5432,
                "down",
                "postgres",
                "/var/lib/postgresql/15/main",
                "/var/log/postgresql/postgresql-15-main.log")),
        c);
    assertFalse(c.get(0).online());
    assertEquals("15/main", c.get(0).id());
  }

  @Test
  void readsSeveralVersionsAStatusWithASuffixAndAnUnknownLog() {
    List<PgCluster> c =
        PgLsClusters.parse(Fixtures.read("facts/pg_lsclusters/two_versions_online_recovery.txt"));
    assertEquals(
        List.of("13/main", "15/main", "15/reports"), c.stream().map(PgCluster::id).toList());
    assertTrue(c.get(1).online());
    assertEquals("online,recovery", c.get(1).status());
    assertEquals(5434, c.get(2).port());
    assertEquals("/srv/pg/reports", c.get(2).dataDirectory());
    assertEquals("<unknown>", c.get(2).logFile());
  }

  @Test
  void aColouredTerminalLineAndNoClustersAtAll() {
    String coloured =
        "Ver Cluster Port Status Owner    Data directory              Log file\n"
            + "\u001B[32m15  main    5432 online postgres /var/lib/postgresql/15/main"
            + " /var/log/postgresql/postgresql-15-main.log\u001B[0m\n";
    assertEquals("online", PgLsClusters.parse(coloured).get(0).status());
    assertEquals(List.of(), PgLsClusters.parse(""));
    assertEquals(
        List.of(), PgLsClusters.parse("Ver Cluster Port Status Owner Data directory Log file\n"));
  }
}
