package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.pages.PageVerifyModule;
import io.pagetune.pages.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresPageVerifierTest {
  private static final String DATA = "/srv/pg/data";
  @TempDir Path tmp;

  private ModuleHarness harness(String smaps) {
    return harness(smaps, "0");
  }

  /**
   * The cluster's facts with its {@code huge_page_size} (kB, as the server shows it; 0: default).
   */
  private ModuleHarness harness(String smaps, String hugePageSize) {
    String out =
        Fixtures.read("facts/postgres_cluster/stopped_postgres_c.txt")
                .replace("settings_from=postgres -C", "pid=4242\nsettings_from=running server")
                .replace("setting.huge_page_size=0", "setting.huge_page_size=" + hugePageSize)
            + (smaps == null ? "" : "--smaps--\n" + Fixtures.read("facts/smaps/" + smaps));
    if (smaps == null) {
      out = Fixtures.read("facts/postgres_cluster/stopped_postgres_c.txt");
    }
    return new ModuleHarness(new PageVerifyModule(List.of(new PostgresPageVerifier())), tmp)
        .facts(
            Map.of(
                PgClusterState.fact(DATA, "").name(),
                PgClusterState.parse(CommandResult.of(0, out, ""))));
  }

  @Test
  void hugePagesInThePostmastersSmapsAreEffective() {
    Plan p = harness("postmaster_2m_pages.txt").plan(Map.of("postgres_data_dir", DATA));
    assertTrue(p.failure().isEmpty(), () -> p.failure().get());
    assertTrue(
        p.reason()
            .startsWith(
                "postgres /srv/pg/data: main shared memory of pid 4242 is 3166 MB in 2048 kB pages"),
        p.reason());
  }

  @Test
  void fourKPagesOrAStoppedPostmasterFailWithSpecifics() {
    assertEquals(
        "page_verify: postgres /srv/pg/data: main shared memory of pid 4242 is 3164 MB in 4 kB"
            + " pages (/dev/zero (deleted)), not in 2048 kB huge pages",
        harness("postmaster_4k_pages.txt")
            .plan(Map.of("postgres_data_dir", DATA))
            .failure()
            .orElse(""));
    assertEquals(
        "page_verify: postgres /srv/pg/data: the postmaster is not running",
        harness(null).plan(Map.of("postgres_data_dir", DATA)).failure().orElse(""));
  }

  @Test
  void aClusterWithHugePageSizeOneGigabyteIsVerifiedInOneGigabytePages() {
    // huge_page_size = 1GB: the server maps 1 GiB pages (smaps of a real postmaster), which the
    // restart's verification and page_verify accept; the kernel's default 2 MiB would be wrong
    Plan p = harness("postmaster_1g_pages.txt", "1048576").plan(Map.of("postgres_data_dir", DATA));
    assertTrue(p.failure().isEmpty(), () -> p.failure().get());
    assertTrue(
        p.reason()
            .startsWith(
                "postgres /srv/pg/data: main shared memory of pid 4242 is 1024 MB in 1048576 kB"
                    + " pages"),
        p.reason());
    assertEquals(
        "page_verify: postgres /srv/pg/data: main shared memory of pid 4242 is 3166 MB in 2048 kB"
            + " pages, Hugetlb 90112 kB (/anon_hugepage (deleted)), not in 1048576 kB huge pages",
        harness("postmaster_2m_pages.txt", "1048576")
            .plan(Map.of("postgres_data_dir", DATA))
            .failure()
            .orElse(""));
  }

  @Test
  void otherTargetsVerificationsDoNotNeedADataDirectory() {
    PageVerifyModule verify = new PageVerifyModule(List.of(new PostgresPageVerifier()));
    ModuleHarness h = new ModuleHarness(verify, tmp);
    h.assertRejected(Map.of("postgres_data_dir", "relative"), "postgres_data_dir", "absolute");
    // validated without the selector: nothing to say
    new PostgresPageVerifier()
        .validate(io.pagetune.modules.Args.of("page_verify", Map.of("hugepages_total", 10)));
  }
}
