package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pagetune.testing.CliRun;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RHEL lab host (no postgresql-common: its tool directory has no {@code pg_lsclusters}) on a
 * machine that has PostgreSQL clusters of its own, one of them running: the lab host shows none of
 * them. Needs PostgreSQL 15's server binaries and root (the cluster runs as postgres).
 */
@Tag("interop")
class LabHidesThisMachinesPostgresInteropTest {
  private static final Path PGBIN = Path.of("/usr/lib/postgresql/15/bin");
  @TempDir Path tmp;
  private Path data;

  private static String run(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd::toString);
    assertEquals(0, p.exitValue(), () -> cmd + ": " + out);
    return out;
  }

  private static List<String> asPostgres(String... cmd) {
    List<String> all = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
    all.addAll(List.of(cmd));
    return all;
  }

  @AfterEach
  void stop() throws Exception {
    if (data != null && Files.exists(data.resolve("postmaster.pid"))) {
      run(asPostgres(PGBIN + "/pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop"));
    }
  }

  @Test
  void aRhelLabHostShowsNoClusterOfThisMachine() throws Exception {
    assumeTrue(Files.isExecutable(PGBIN.resolve("initdb")), "PostgreSQL 15 server binaries");
    assumeTrue("root".equals(System.getProperty("user.name")), "root, to run postgres as postgres");
    // this machine's throwaway cluster, on a loopback port with its socket in the temp dir
    Path pg = Files.createDirectories(tmp.resolve("machine-pg"));
    data = pg.resolve("data");
    run(List.of("chown", "postgres", pg.toString()));
    run(List.of("chmod", "755", tmp.toString()));
    run(asPostgres(PGBIN + "/initdb", "-D", data.toString(), "-A", "trust", "-U", "postgres"));
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Files.writeString(
        data.resolve("postgresql.conf"),
        Files.readString(data.resolve("postgresql.conf"))
            + "port = "
            + port
            + "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '"
            + pg
            + "'\n");
    run(asPostgres(PGBIN + "/pg_ctl", "-D", data.toString(), "-l", pg + "/log", "-w", "start"));
    run(List.of(PGBIN + "/pg_isready", "-h", "127.0.0.1", "-p", String.valueOf(port)));

    // a RHEL/PGDG host: its data directory parent and binaries, no postgresql-common
    Path seed = tmp.resolve("seed");
    Files.createDirectories(seed.resolve("var/lib/pgsql"));
    Files.createDirectories(seed.resolve("usr/pgsql-15/bin"));
    Files.createDirectories(seed.resolve("etc"));
    Files.copy(Path.of("lab/hosts/pg-db/proc/meminfo"), mkParent(seed.resolve("proc/meminfo")));
    Files.createDirectories(seed.resolve(".state"));
    for (String f : new String[] {"uname-s", "uname-r", "uname-v", "uname-m"}) {
      Files.copy(Path.of("lab/hosts/pg-db/.state").resolve(f), seed.resolve(".state").resolve(f));
    }
    Files.writeString(seed.resolve(".state/uname-n"), "rhel-pg\n");
    Files.writeString(
        seed.resolve("etc/os-release"), "NAME=\"Red Hat Enterprise Linux\"\nVERSION_ID=\"9.4\"\n");
    // the lab's stand-ins less postgresql-common's tools, as a RHEL host has them
    Path bin = Files.createDirectories(tmp.resolve("rhel-bin"));
    try (var tools = Files.list(Path.of("lab/bin"))) {
      for (Path t : tools.toList()) {
        String name = t.getFileName().toString();
        if (!name.equals("pg_lsclusters") && !name.equals("pg_ctlcluster")) {
          Files.copy(t, bin.resolve(name), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    Path inv = tmp.resolve("lab.yml");
    Files.writeString(
        inv,
        "all:\n  hosts:\n    rhel-pg: {ansible_connection: lab, pagetune_lab_root: '"
            + tmp.resolve("root")
            + "', pagetune_lab_seed: '"
            + seed
            + "', pagetune_lab_bin: '"
            + bin
            + "'}\n");
    // the JSON facts carry the PostgreSQL clusters a host has (the table does not show them)
    CliRun facts = CliRun.of("facts", "-i", inv.toString(), "--output", "json");
    assertEquals(0, facts.exitCode(), facts::toString);
    assertTrue(facts.out().contains("\"rhel-pg\""), facts::toString);
    assertTrue(facts.out().contains("\"platform\":\"linux\""), facts::toString);
    for (String machine :
        new String[] {"/var/lib/postgresql/15/main", "15/main", data.toString(), ":" + port}) {
      assertFalse(facts.out().contains(machine), () -> machine + " leaked: " + facts);
    }
  }

  private static Path mkParent(Path p) throws IOException {
    Files.createDirectories(p.getParent());
    return p;
  }
}
