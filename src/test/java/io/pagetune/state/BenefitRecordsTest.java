package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Benefit probe medians on a real SQLite file and a real PostgreSQL server. */
class BenefitRecordsTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  @TempDir Path dir;

  private BenefitRecords records(Dialect dialect) {
    String location =
        dialect == Dialect.SQLITE ? dir.resolve("state.db").toString() : POSTGRES.newDatabase();
    return new BenefitRecords(StateStore.open(location, Clock.fixed(T0, ZoneOffset.UTC), Map.of()));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void keepsBothMediansPerHostNewestFirst(Dialect dialect) {
    BenefitRecords records = records(dialect);
    BenefitRecord first =
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            T0,
            Optional.of(0.551),
            7,
            Optional.of(0.301),
            7,
            "");
    BenefitRecord failed =
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            "15/main",
            T0.plusSeconds(60),
            Optional.of(0.5),
            5,
            Optional.empty(),
            0,
            "after: run 1 exited 2");
    BenefitRecord other =
        new BenefitRecord(
            "db1", "db_instance", "ORCL", T0, Optional.of(1.0), 5, Optional.of(0.5), 5, "");
    records.record(first);
    records.record(failed);
    records.record(other);
    assertEquals(List.of(failed, first), records.forHost("pg1"));
    assertEquals(Optional.of(other), records.latest("db1"));
    assertEquals(Optional.empty(), records.latest("web1"));
    assertEquals(Optional.of(failed), records.ofRestart("pg1", "postgres_cluster", "15/main", T0));
    assertEquals(
        Optional.empty(),
        records.ofRestart("pg1", "postgres_cluster", "15/main", T0.plusSeconds(61)));
    assertEquals(Optional.empty(), records.ofRestart("pg1", "postgres_cluster", "16/main", T0));
  }

  @Test
  void describesTheChange() {
    BenefitRecord r =
        new BenefitRecord(
            "pg1", "postgres_cluster", null, T0, Optional.of(0.551), 7, Optional.of(0.301), 7, "");
    assertEquals("0.551 s → 0.301 s (-45%)", r.describe());
    BenefitRecord half =
        new BenefitRecord(
            "pg1",
            "postgres_cluster",
            null,
            T0,
            Optional.of(0.5),
            5,
            Optional.empty(),
            0,
            "after: run 1 exited 2");
    assertEquals("0.500 s → not measured; after: run 1 exited 2", half.describe());
  }
}
