package io.pagetune.targets.postgres;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.RestartDriver;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.schedule.drivers.RestartSession;
import io.pagetune.schedule.drivers.StepFailed;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Restarts one PostgreSQL cluster and waits until it accepts connections. A Debian cluster ({@code
 * 15/main}) restarts with {@code pg_ctlcluster 15 main restart}, or with {@code systemctl restart
 * postgresql@15-main} when the host sets {@code pg_restart: systemctl}; a cluster known by its data
 * directory with the data directory owner's {@code pg_ctl -D <dir> -m fast -w restart} (its server
 * log in {@code <dir>/pg_ctl.log}); one systemd runs on RHEL ({@code
 * postgresql-15.service:/var/lib/pgsql/15/data}) with {@code systemctl restart
 * postgresql-15.service}, since a pg_ctl restart would leave the unit believing its server dead. Up
 * means {@code pg_isready} on the cluster's port and socket (from {@code postmaster.pid}) says
 * accepting connections.
 */
final class PostgresClusterDriver implements RestartDriver {
  private static final Pattern DEBIAN_CLUSTER =
      Pattern.compile("(\\d+(?:\\.\\d+)?)/([A-Za-z0-9_.-]+)");

  /** {@code postgresql-15.service:/var/lib/pgsql/15/data}: a cluster systemd runs (RHEL, PGDG). */
  private static final Pattern SYSTEMD_CLUSTER =
      Pattern.compile("([A-Za-z0-9@_.:\\\\-]+\\.service):(/.*)");

  /** The restart id of the cluster in {@code dataDir} that systemd runs as {@code unit}. */
  static String systemdId(String unit, String dataDir) {
    return unit + ":" + dataDir;
  }

  /** The data directory in a {@link #systemdId}, empty for any other id. */
  static Optional<String> systemdDataDir(String id) {
    var m = SYSTEMD_CLUSTER.matcher(id);
    return m.matches() ? Optional.of(m.group(2)) : Optional.empty();
  }

  private final Clock clock;
  private final Sleeper sleeper;
  private final Duration pollInterval;

  public PostgresClusterDriver(Clock clock, Sleeper sleeper, Duration pollInterval) {
    this.clock = clock;
    this.sleeper = sleeper;
    this.pollInterval = pollInterval;
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    return restart(target, Map.of(), connection, timeout);
  }

  @Override
  public RestartOutcome restart(
      RestartTarget target, Map<String, Object> hostVars, Connection connection, Duration timeout) {
    String id = target.id() == null ? "" : target.id();
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    var debian = DEBIAN_CLUSTER.matcher(id);
    String bindir = Optional.ofNullable(hostVars.get("pg_bindir")).map(String::valueOf).orElse("");
    try {
      String dataDir;
      var systemd = SYSTEMD_CLUSTER.matcher(id);
      if (systemd.matches()) {
        dataDir = systemd.group(2);
        s.runOk("systemctl restart", RemoteCommand.argv("systemctl", "restart", systemd.group(1)));
      } else if (debian.matches()) {
        String version = debian.group(1);
        String name = debian.group(2);
        if ("systemctl".equals(String.valueOf(hostVars.get("pg_restart")))) {
          s.runOk(
              "systemctl restart",
              RemoteCommand.argv("systemctl", "restart", "postgresql@" + version + "-" + name));
        } else {
          s.runOk(
              "pg_ctlcluster restart",
              RemoteCommand.argv("pg_ctlcluster", version, name, "restart"));
        }
        dataDir =
            s.runOk(
                    "data directory",
                    RemoteCommand.script(
                        "pg_lsclusters --no-header "
                            + ShellQuote.quote(version)
                            + " "
                            + ShellQuote.quote(name)
                            + " | awk '{print $6}'"))
                .stdout()
                .strip();
      } else if (id.startsWith("/")) {
        dataDir = id;
        s.runOk(
            "pg_ctl restart",
            RemoteCommand.script(
                asOwner(
                    dataDir,
                    bindir,
                    "\"$b/pg_ctl\" -D \"$d\" -l \"$d/pg_ctl.log\" -m fast -w -t "
                        + Math.max(10, timeout.toSeconds())
                        + " restart")));
      } else {
        return RestartOutcome.failed(
            "not a PostgreSQL cluster (version/name) or data directory: " + id, List.of());
      }
      String dir = dataDir;
      s.pollUntil(
          "cluster " + id + " accepting connections",
          pollInterval,
          () -> {
            CommandResult r =
                s.run(
                    "pg_isready",
                    RemoteCommand.script(
                        asOwner(
                            dir,
                            bindir,
                            "\"$b/pg_isready\" -h \"$(sed -n 5p \"$d/postmaster.pid\")\" -p"
                                + " \"$(sed -n 4p \"$d/postmaster.pid\")\"")));
            return r.exitCode() == 0
                ? Optional.empty()
                : Optional.of("pg_isready: " + r.stdout().strip());
          });
      return RestartOutcome.ok("cluster " + id + " restarted and accepting connections", s.steps());
    } catch (StepFailed e) {
      return RestartOutcome.failed(
          "cluster " + id + " restart failed: " + e.getMessage(), s.steps());
    }
  }

  /** A shell snippet running {@code command} as the data directory's owner, with d and b set. */
  static String asOwner(String dataDir, String bindir, String command) {
    return "d="
        + ShellQuote.quote(dataDir)
        + "; b="
        + ShellQuote.quote(bindir)
        + "; v=$(cat \"$d/PG_VERSION\") || exit 1\n"
        + "[ -n \"$b\" ] || b=/usr/lib/postgresql/$v/bin\n"
        + "[ -x \"$b/pg_ctl\" ] || [ ! -x /usr/pgsql-$v/bin/pg_ctl ] || b=/usr/pgsql-$v/bin\n"
        + "[ -x \"$b/pg_ctl\" ] || [ ! -x /usr/bin/pg_ctl ] || b=/usr/bin\n"
        + "u=$(stat -c %U \"$d\")\n"
        + "export d b\n"
        + "if [ \"$(id -u)\" = 0 ] && [ \"$u\" != root ]; then cd / && runuser -u \"$u\" -- sh -c "
        + ShellQuote.quote(command)
        + "; else sh -c "
        + ShellQuote.quote(command)
        + "; fi\n";
  }
}
