package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster systemd runs (PGDG's {@code postgresql-15.service}) restarts through its unit, over
 * SSH, on a host whose {@code systemctl} and {@code pg_isready} are stand-ins.
 */
class SystemdClusterRestartTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path tmp;

  private Path install(Path bin, String name, String text) throws IOException {
    Path p = bin.resolve(name);
    Files.writeString(p, text);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    return p;
  }

  @Test
  void restartsTheUnitThenWaitsForTheClusterToAcceptConnections() throws IOException {
    Path data = Files.createDirectories(tmp.resolve("var/lib/pgsql/15/data"));
    Files.writeString(data.resolve("PG_VERSION"), "15\n");
    Files.writeString(
        data.resolve("postmaster.pid"), "4242\n" + data + "\n1700000000\n5432\n/run/pg\n");
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    try (InputStream in = getClass().getResourceAsStream("/targets/postgres/rhel/systemctl")) {
      install(bin, "systemctl", new String(in.readAllBytes(), "UTF-8"));
    }
    Files.writeString(bin.resolve("pgdata_15"), data.toString());
    // accepting connections once the unit has been restarted
    install(
        bin,
        "pg_isready",
        "#!/bin/sh\n"
            + "echo \"pg_isready $*\" >> \"$(dirname \"$0\")/calls\"\n"
            + "grep -q '^restart ' \"$(dirname \"$0\")/calls\" || { echo \"$2:$4 - no"
            + " response\"; exit 2; }\n"
            + "echo \"$2:$4 - accepting connections\"\n");
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("rhel", host));
    String id = PostgresClusterDriver.systemdId("postgresql-15.service", data.toString());
    RestartOutcome o =
        new PostgresClusterDriver(Clock.systemUTC(), Sleeper.REAL, Duration.ofMillis(20))
            .restart(
                new RestartTarget("postgres_cluster", "rhel", id),
                Map.of("pg_bindir", bin.toString()),
                c,
                Duration.ofSeconds(20));
    assertTrue(o.ok(), o.summary());
    assertEquals(
        "restart postgresql-15.service\npg_isready -h /run/pg -p 5432\n",
        Files.readString(bin.resolve("calls")));
    assertEquals(
        Optional.of(Map.of("postgres_data_dir", data.toString())),
        PostgresTarget.verifyArgs(new RestartTarget("postgres_cluster", "rhel", id), Map.of()));
  }

  @Test
  void aUnitThatFailsToRestartFailsTheRestartNamingIt() throws IOException {
    Path data = Files.createDirectories(tmp.resolve("data"));
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    try (InputStream in = getClass().getResourceAsStream("/targets/postgres/rhel/systemctl")) {
      install(bin, "systemctl", new String(in.readAllBytes(), "UTF-8"));
    }
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("rhel", host));
    String id = PostgresClusterDriver.systemdId("postgresql-16.service", data.toString());
    RestartOutcome o =
        new PostgresClusterDriver(Clock.systemUTC(), Sleeper.REAL, Duration.ofMillis(20))
            .restart(
                new RestartTarget("postgres_cluster", "rhel", id),
                Map.of(),
                c,
                Duration.ofSeconds(5));
    assertTrue(!o.ok());
    assertTrue(
        o.summary().startsWith("cluster " + id + " restart failed: systemctl restart failed"),
        o.summary());
  }
}
