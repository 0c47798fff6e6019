package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.Fixtures;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PgClusterStateTest {
  private static PgClusterState parse(String stdout) {
    return PgClusterState.parse(CommandResult.of(0, stdout, ""));
  }

  @Test
  void aStoppedClusterReadThroughPostgresC() {
    PgClusterState s = parse(Fixtures.read("facts/postgres_cluster/stopped_postgres_c.txt"));
    assertEquals(Optional.empty(), s.problem());
    assertEquals("postgres", s.owner());
    assertEquals("15", s.version());
    assertFalse(s.running());
    assertEquals("postgres -C", s.settingsFrom());
    assertEquals(Optional.of("1583"), s.setting("shared_memory_size_in_huge_pages"));
    assertEquals(OptionalLong.of(2048), s.meminfo("Hugepagesize"));
    assertEquals(OptionalLong.of(24684084), s.meminfo("MemTotal"));
    assertEquals(Optional.empty(), s.mainSharedMemory());
    PgSharedMemory shm = PgSharedMemory.of(s, 2L << 20).get();
    assertEquals(1583L * (2L << 20), shm.bytes());
    assertEquals("shared_memory_size_in_huge_pages=1583 (postgres -C)", shm.source());
  }

  @Test
  void aRunningPostgres13IsEstimatedFromItsSettingsAndItsSmapsRead() {
    PgClusterState s =
        parse(
            Fixtures.read("facts/postgres_cluster/pg13_running_estimate.txt")
                + "--smaps--\n"
                + Fixtures.read("facts/smaps/postmaster_4k_pages.txt"));
    assertTrue(s.running());
    assertEquals(OptionalLong.of(4242), s.postmasterPid());
    assertEquals(4, s.mainSharedMemory().get().kernelPageSizeKb());
    PgSharedMemory shm = PgSharedMemory.of(s, 2L << 20).get();
    // PostgreSQL 15 computes 3165 MB for these settings; the estimate must not fall short of it
    long mb = shm.bytes() >> 20;
    assertTrue(mb >= 3165 && mb <= 3180, "estimate " + mb + " MB");
    assertTrue(
        shm.source().startsWith("estimated from shared_buffers=393216 blocks"), shm.source());
  }

  @Test
  void noDataDirectoryAndAFailedScriptAreProblemsNotValues() {
    assertEquals(
        Optional.of("no PostgreSQL data directory at /srv/pg/none (PG_VERSION missing)"),
        parse(Fixtures.read("facts/postgres_cluster/no_data_dir.txt")).problem());
    PgClusterState failed =
        PgClusterState.parse(CommandResult.of(126, "", "sh: permission denied\n"));
    assertEquals(
        Optional.of("cannot read the cluster (exit 126: sh: permission denied)"), failed.problem());
  }

  @Test
  void theFactQuotesTheDirectoryAndRunsPostgresAsItsOwner() {
    String script = PgClusterState.fact("/srv/pg/it's here", "").script();
    assertTrue(script.startsWith("d='/srv/pg/it'\\''s here'; b=''"), script);
    assertTrue(script.contains("runuser -u \"$u\" --"), script);
    assertTrue(script.contains("-C \"$s\""), script);
  }
}
