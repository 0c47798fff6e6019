package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pagetune.pages.Fixtures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** RHEL's and PGDG's clusters, found through systemd where there is no pg_lsclusters. */
class SystemdPgUnitsTest {
  @Test
  void readsRhelAppStreamsOneUnitWithItsBinariesInUsrBin() {
    assertEquals(
        List.of(
            new PgCluster(
                "13",
                "postgresql.service",
                5432,
                "online",
                "postgres",
                "/var/lib/pgsql/data",
                "",
                "postgresql.service",
                "/usr/bin",
                List.of("/usr/bin/postmaster", "-D", "/var/lib/pgsql/data"))),
        SystemdPgUnits.parse(Fixtures.read("facts/systemd_pg_units/rhel9_appstream.txt")));
  }

  @Test
  void readsPgdgUnitsTakingMinusDOverPgdataAndLeavingOutOneWithoutADataDirectory() {
    List<PgCluster> c = SystemdPgUnits.parse(Fixtures.read("facts/systemd_pg_units/pgdg15.txt"));
    // postgresql-14 has no PG_VERSION (never initialised): not a cluster
    assertEquals(
        List.of(
            new PgCluster(
                "15",
                "postgresql-15.service",
                5432,
                "online",
                "postgres",
                "/var/lib/pgsql/15/data",
                "",
                "postgresql-15.service",
                "/usr/pgsql-15/bin",
                List.of("/usr/pgsql-15/bin/postmaster", "-D", "/var/lib/pgsql/15/data/")),
            new PgCluster(
                "15",
                "postgresql-15-reporting.service",
                5433,
                "down",
                "postgres",
                "/srv/pgsql/reporting",
                "",
                "postgresql-15-reporting.service",
                "/usr/pgsql-15/bin",
                List.of(
                    "/usr/pgsql-15/bin/postmaster", "-D", "/srv/pgsql/reporting", "-p", "5433"))),
        c);
    assertEquals("postgresql-15.service", c.get(0).id());
    assertTrue(c.get(0).online());
  }

  /**
   * A stopped cluster's port comes from its own configuration as the real server reads it ({@code
   * postgres -C port} as the unit's user): a conf.d include, auto.conf over it, the unit's {@code
   * -p} over both, else 5432; the cases are data under {@code targets/postgres/unit-port}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("portCases")
  void aStoppedClustersPortComesFromItsOwnConfiguration(String name, @TempDir Path tmp)
      throws IOException, InterruptedException {
    Path server = Path.of("/usr/lib/postgresql/15/bin/postgres");
    assumeTrue(Files.isExecutable(server), "needs a PostgreSQL 15 server binary");
    Path dir = PORT_CASES.resolve(name);
    // the unit's user reads the data directory, as the postmaster would
    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path data = tmp.resolve("var/lib/pgsql/15/data");
    try (Stream<Path> files = Files.walk(dir.resolve("data"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = data.resolve(dir.resolve("data").relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Files.writeString(data.resolve("PG_VERSION"), "15\n");
    Path pgbin = tmp.resolve("usr/pgsql-15/bin");
    Files.createDirectories(pgbin);
    Files.writeString(pgbin.resolve("postgres"), "#!/bin/sh\nexec " + server + " \"$@\"\n");
    try (Stream<Path> paths = Files.walk(tmp)) {
      for (Path p : paths.toList()) {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
    }
    Path options = dir.resolve("execstart-options");
    String out =
        factScript(
            tmp,
            data,
            Map.of(
                "PGBIN_15",
                pgbin.toString(),
                "PGSTATE_15",
                "inactive",
                "PGARGS_15",
                Files.exists(options) ? Files.readString(options).strip() : ""));
    int want = Integer.parseInt(Files.readString(dir.resolve("port")).strip());
    assertEquals(want, SystemdPgUnits.parse(out).get(0).port(), out);
    Map<String, Object> pages = new java.util.LinkedHashMap<>();
    new PostgresFacts()
        .summarize(Map.of(PostgresFacts.CLUSTERS.name(), SystemdPgUnits.parse(out)), pages);
    assertEquals(
        want,
        ((Map<?, ?>) ((Map<?, ?>) pages.get("postgres_clusters")).get("postgresql-15.service"))
            .get("port"));
  }

  private static final Path PORT_CASES = Path.of("src/test/resources/targets/postgres/unit-port");

  static Stream<String> portCases() throws IOException {
    try (Stream<Path> s = Files.list(PORT_CASES)) {
      return s
          .filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList()
          .stream();
    }
  }

  /** Runs the fact script with the systemctl stand-in and no pg_lsclusters; its output. */
  private String factScript(Path tmp, Path data) throws IOException, InterruptedException {
    return factScript(tmp, data, Map.of());
  }

  private String factScript(Path tmp, Path data, Map<String, String> env)
      throws IOException, InterruptedException {
    Path bin = tmp.resolve("bin");
    Files.createDirectories(bin);
    // no pg_lsclusters on this PATH: only the tools the script uses and the systemctl stand-in
    for (String tool :
        List.of("awk", "sort", "sed", "tr", "tail", "head", "cat", "id", "env", "runuser")) {
      Path real =
          Files.exists(Path.of("/usr/sbin", tool))
              ? Path.of("/usr/sbin", tool)
              : Path.of("/usr/bin", tool);
      Path wrapper = bin.resolve(tool);
      Files.writeString(
          wrapper,
          "#!/bin/sh\nexec " + (Files.exists(real) ? real : Path.of("/bin", tool)) + " \"$@\"\n");
      Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    try (InputStream in = getClass().getResourceAsStream("/targets/postgres/rhel/systemctl")) {
      Files.copy(in, bin.resolve("systemctl"), StandardCopyOption.REPLACE_EXISTING);
    }
    Files.setPosixFilePermissions(
        bin.resolve("systemctl"), PosixFilePermissions.fromString("rwxr-xr-x"));
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", PostgresFacts.SCRIPT);
    pb.environment().put("PATH", bin.toString());
    pb.environment().put("PGDATA_15", data.toString());
    pb.environment().putAll(env);
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(20, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  @Test
  void theFactScriptFindsAPgdgClusterThroughSystemctlInOneRun(@TempDir Path tmp)
      throws IOException, InterruptedException {
    Path data = tmp.resolve("var/lib/pgsql/15/data");
    Files.createDirectories(data);
    Files.writeString(data.resolve("PG_VERSION"), "15\n");
    String out = factScript(tmp, data);
    // the template postgresql@.service is skipped; postgresql-15 is listed twice, shown once
    assertEquals(
        List.of(
            new PgCluster(
                "15",
                "postgresql-15.service",
                5432,
                "online",
                "postgres",
                data.toString(),
                "",
                "postgresql-15.service",
                "/usr/pgsql-15/bin",
                List.of("/usr/pgsql-15/bin/postmaster", "-D", data + "/"))),
        SystemdPgUnits.parse(out),
        out);
    assertEquals(1, out.lines().filter(l -> l.startsWith(SystemdPgUnits.UNIT_MARK)).count(), out);
    Map<String, Object> pages = new java.util.LinkedHashMap<>();
    new PostgresFacts()
        .summarize(Map.of(PostgresFacts.CLUSTERS.name(), SystemdPgUnits.parse(out)), pages);
    assertEquals(
        Map.of(
            "postgresql-15.service",
            Map.of(
                "port",
                5432,
                "status",
                "online",
                "owner",
                "postgres",
                "data_directory",
                data.toString(),
                "unit",
                "postgresql-15.service",
                "version",
                "15")),
        pages.get("postgres_clusters"));
  }

  @Test
  void aRunningPostmasterListensOnThePortItsPostmasterPidSaysNotTheUnits(@TempDir Path tmp)
      throws IOException, InterruptedException {
    Path data = tmp.resolve("var/lib/pgsql/15/data");
    Files.createDirectories(data);
    Files.writeString(data.resolve("PG_VERSION"), "15\n");
    // a live process stands for the postmaster: this test's own JVM
    long pid = ProcessHandle.current().pid();
    Files.writeString(
        data.resolve("postmaster.pid"),
        pid + "\n" + data + "\n1764586324\n5433\n/run/postgresql\n*\n  5433001    491521\nready\n");
    assertEquals(5433, SystemdPgUnits.parse(factScript(tmp, data)).get(0).port());
    // a postmaster.pid left behind by a dead postmaster does not count
    Files.writeString(data.resolve("postmaster.pid"), "999999999\n" + data + "\n1\n5433\n");
    assertEquals(5432, SystemdPgUnits.parse(factScript(tmp, data)).get(0).port());
  }
}
