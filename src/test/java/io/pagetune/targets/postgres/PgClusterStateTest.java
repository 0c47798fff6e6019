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
  void aRunningPostgres13IsSizedFromItsPostmastersSharedMappingAndAStoppedOneNotAtAll() {
    PgClusterState s =
        parse(
            Fixtures.read("facts/postgres_cluster/pg13_running_estimate.txt")
                + "--smaps--\n"
                + Fixtures.read("facts/smaps/postmaster_4k_pages.txt"));
    assertTrue(s.running());
    assertEquals(OptionalLong.of(4242), s.postmasterPid());
    assertEquals(4, s.mainSharedMemory().get().kernelPageSizeKb());
    PgSharedMemory shm = PgSharedMemory.of(s, 2L << 20).get();
    // the /dev/zero (deleted) mapping of 3240296 kB: 1583 pages of 2 MB once rounded up
    assertEquals(3240296L << 10, shm.bytes());
    assertEquals(
        "postmaster pid 4242 maps 3240296 kB of shared memory (/dev/zero (deleted))", shm.source());
    PgClusterState stopped =
        parse(
            Fixtures.read("facts/postgres_cluster/pg13_running_estimate.txt")
                .replace("pid=4242\n", ""));
    assertEquals(Optional.empty(), PgSharedMemory.of(stopped, 2L << 20));
    assertTrue(
        PgSharedMemory.unknown(stopped).startsWith("PostgreSQL 13 does not report the size"),
        PgSharedMemory.unknown(stopped));
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
