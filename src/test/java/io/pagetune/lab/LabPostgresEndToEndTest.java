package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's PostgreSQL host pg-db end to end: --check predicts the pool and huge_pages edits and a
 * cluster restart in its window, the apply sets the pool live and queues the restart, page_verify
 * fails until run-due restarts the cluster inside the window, then the postmaster's main shared
 * memory is in 2 MB pages and a second check has nothing to do.
 */
class LabPostgresEndToEndTest {
  private static final String MONDAY_MORNING = "2026-11-30T10:00:00+01:00";
  private static final String SUNDAY_IN_WINDOW = "2026-12-06T03:30:00+01:00";

  @TempDir Path tmp;

  private Path inventory() throws IOException {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"postgres_db.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    Files.writeString(
        inv.resolve("lab.yml"),
        "all:\n  children:\n    postgres_db:\n      hosts:\n"
            + "        pg-db: {ansible_connection: lab, pagetune_lab_root: '"
            + root()
            + "'}\n");
    return inv.resolve("lab.yml");
  }

  private Path root() {
    return tmp.resolve("roots").resolve("pg-db");
  }

  private CliRun cli(String now, String... args) {
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", tmp.resolve("state.db").toString(), "PAGETUNE_NOW", now), args);
  }

  @Test
  void poolAndHugePagesAppliedThenTheClusterRestartedInItsWindowMapsHugePages() throws IOException {
    String seeds = TreeHash.of(Path.of("lab"));
    String inv = inventory().toString();
    String playbook = "playbooks/postgres-hugepages.yml";

    CliRun check = cli(MONDAY_MORNING, "run", playbook, "-i", inv, "--check", "--diff");
    assertEquals(0, check.exitCode(), check::toString);
    for (String expected :
        new String[] {
          "+++ after: /etc/sysctl.d/97-pagetune-hugepages.conf\n",
          "+vm.nr_hugepages = 1583\n",
          "+++ after: /var/lib/postgresql/15/main/postgresql.auto.conf\n",
          "+huge_pages = 'on'\n",
          "shared_memory_size_in_huge_pages=1583 (running server)",
          "would restart: postgres cluster 15/main in window postgres-sunday at 2026-12-06 03:00"
              + " CET"
        }) {
      assertTrue(check.out().contains(expected), () -> expected + " not in " + check);
    }
    String meminfo = Files.readString(root().resolve("proc/meminfo"));
    assertTrue(meminfo.contains("HugePages_Total:       0\n"), "check changed the pool");

    CliRun before = cli(MONDAY_MORNING, "run", "playbooks/page-verify.yml", "-i", inv);
    assertNotEquals(0, before.exitCode(), before::toString);
    assertTrue(
        before.out().contains("main shared memory of pid 812 is 3166 MB in 4 kB pages"),
        before::toString);

    CliRun apply = cli(MONDAY_MORNING, "run", playbook, "-i", inv);
    assertEquals(0, apply.exitCode(), apply::toString);
    assertTrue(
        apply
            .out()
            .contains(
                "pending restart: postgres cluster 15/main in window postgres-sunday at 2026-12-06"
                    + " 03:00 CET, queued"),
        apply::toString);
    meminfo = Files.readString(root().resolve("proc/meminfo"));
    assertTrue(meminfo.contains("HugePages_Total:    1583\n"), meminfo);
    assertTrue(meminfo.contains("HugePages_Free:     1583\n"), meminfo);
    assertTrue(
        Files.readString(root().resolve("var/lib/postgresql/15/main/postgresql.auto.conf"))
            .endsWith("huge_pages = 'on'\n"));

    // not restarted yet: the postmaster still maps 4 kB pages
    CliRun pending = cli(MONDAY_MORNING, "run", "playbooks/page-verify.yml", "-i", inv);
    assertNotEquals(0, pending.exitCode(), pending::toString);

    CliRun due = cli(SUNDAY_IN_WINDOW, "schedule", "run-due", "-i", inv);
    assertEquals(0, due.exitCode(), due::toString);
    assertTrue(due.out().contains("DONE"), due::toString);
    assertEquals(
        "15 main restart\n",
        Files.readString(root().resolve(".state/pg/pg_ctlcluster.log")),
        "one cluster restart");
    meminfo = Files.readString(root().resolve("proc/meminfo"));
    assertTrue(meminfo.contains("HugePages_Free:        0\n"), meminfo);

    CliRun after = cli(SUNDAY_IN_WINDOW, "run", "playbooks/page-verify.yml", "-i", inv);
    assertEquals(0, after.exitCode(), after::toString);
    assertTrue(
        after
            .out()
            .contains(
                "main shared memory of pid 813 is 3166 MB in 2048 kB pages, Hugetlb 3241984 kB"
                    + " (/anon_hugepage (deleted))"),
        after::toString);

    CliRun again = cli(SUNDAY_IN_WINDOW, "run", playbook, "-i", inv, "--check");
    assertEquals(0, again.exitCode(), again::toString);
    assertTrue(again.out().matches("(?s).*pg-db\\s+: ok=2\\s+changed=0\\b.*"), again::toString);
    assertTrue(again.out().contains("effective: 3166 MB in 2048 kB pages"), again::toString);
    assertEquals(seeds, TreeHash.of(Path.of("lab")), "a lab run changed the tracked seeds");
  }

  @Test
  void hugePagesOnWithoutAPoolFailsToStartAsTheRealServerDoes() throws IOException {
    String inv = inventory().toString();
    // seed the root, then set huge_pages = on by hand with no pool behind it
    assertEquals(0, cli(MONDAY_MORNING, "facts", "-i", inv).exitCode());
    Path auto = root().resolve("var/lib/postgresql/15/main/postgresql.auto.conf");
    Files.writeString(auto, Files.readString(auto) + "huge_pages = 'on'\n");

    CliRun restart = cli(MONDAY_MORNING, "run", "playbooks/lab-restart.yml", "-i", inv);
    assertNotEquals(0, restart.exitCode(), restart::toString);
    assertTrue(
        restart.out().contains("could not map anonymous shared memory: Cannot allocate memory"),
        restart::toString);
    assertTrue(
        Files.notExists(root().resolve("var/lib/postgresql/15/main/postmaster.pid")),
        "the cluster stays down");

    CliRun verify = cli(MONDAY_MORNING, "run", "playbooks/page-verify.yml", "-i", inv);
    assertNotEquals(0, verify.exitCode(), verify::toString);
    assertTrue(
        verify.out().contains("/var/lib/postgresql/15/main: the postmaster is not running"),
        verify::toString);
  }
}
