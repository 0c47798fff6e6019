package io.pagetune.targets.oracle;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.RestartDriver;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.schedule.drivers.RestartSession;
import io.pagetune.schedule.drivers.StepFailed;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Restarts an Oracle database as the oracle OS user. With Grid Infrastructure (Oracle Restart or
 * RAC) the clusterware owns the instance, so {@code srvctl stop/start database -d <db>}; without
 * it, SQL*Plus {@code / as sysdba} with {@code shutdown immediate} and {@code startup} on stdin. Up
 * means {@code srvctl status database} says running, or {@code v$instance} says OPEN. The target id
 * is the database name (db_unique_name for srvctl, ORACLE_SID for SQL*Plus).
 */
final class OracleDriver implements RestartDriver {
  private static final Pattern DB_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_$#]{0,29}");
  private static final Pattern ORA_ERROR = Pattern.compile("(ORA|SP2)-\\d{4,5}");

  /** Settings; {@code oracleHome} empty means the user's environment already has one. */
  record Options(
      String osUser,
      boolean grid,
      Optional<String> oracleHome,
      Map<String, String> env,
      Duration pollInterval) {
    public Options {
      env = Map.copyOf(env);
    }

    public static Options defaults(boolean grid) {
      return new Options("oracle", grid, Optional.empty(), Map.of(), Duration.ofSeconds(10));
    }
  }

  private final Options options;
  private final Clock clock;
  private final Sleeper sleeper;

  public OracleDriver(Options options, Clock clock, Sleeper sleeper) {
    this.options = options;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    String db = target.id();
    if (db == null || !DB_NAME.matcher(db).matches()) {
      return RestartOutcome.failed("not an Oracle database name: " + db, List.of());
    }
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    try {
      if (options.grid()) {
        s.runOk("srvctl stop database", cmd(db, "srvctl", "stop", "database", "-d", db));
        s.runOk("srvctl start database", cmd(db, "srvctl", "start", "database", "-d", db));
        s.pollUntil(
            "database " + db + " running",
            options.pollInterval(),
            () -> {
              CommandResult r =
                  s.run(
                      "srvctl status database", cmd(db, "srvctl", "status", "database", "-d", db));
              String out = r.stdout().toLowerCase(Locale.ROOT);
              return r.exitCode() == 0
                      && out.contains("is running")
                      && !out.contains("is not running")
                  ? Optional.empty()
                  : Optional.of("srvctl status: " + r.stdout().strip());
            });
      } else {
        // ORA-01034 "ORACLE not available": already down, which is what shutdown wants
        sqlplus(s, db, "shutdown immediate", "ORA-01034");
        sqlplus(s, db, "startup", null);
        s.pollUntil(
            "instance " + db + " OPEN",
            options.pollInterval(),
            () -> {
              CommandResult r =
                  s.run(
                      "v$instance status",
                      sqlplusCommand(
                          db,
                          "set heading off feedback off pagesize 0\nselect status from v$instance;"));
              return r.stdout().lines().anyMatch(l -> l.strip().equals("OPEN"))
                  ? Optional.empty()
                  : Optional.of("instance status: " + r.stdout().strip());
            });
      }
      return RestartOutcome.ok("database " + db + " restarted and open", s.steps());
    } catch (StepFailed e) {
      return RestartOutcome.failed(
          "database " + db + " restart failed: " + e.getMessage(), s.steps());
    }
  }

  private void sqlplus(RestartSession s, String db, String statement, String tolerated) {
    CommandResult r = s.run(statement, sqlplusCommand(db, statement));
    String text = r.stdout() + "\n" + r.stderr();
    List<String> errors = ORA_ERROR.matcher(text).results().map(x -> x.group()).toList();
    if (tolerated != null && errors.contains(tolerated)) {
      s.log(statement + ": " + tolerated + ", the instance was not running");
      return;
    }
    if (r.exitCode() != 0 || !errors.isEmpty()) {
      String code = errors.isEmpty() ? "exit " + r.exitCode() : errors.get(0);
      throw new StepFailed(statement + " failed (" + code + ")" + RestartSession.detail(r));
    }
  }

  private RemoteCommand sqlplusCommand(String db, String statements) {
    return cmd(db, "sqlplus", "-S", "-L", "/ as sysdba").withStdin(statements + "\nexit\n");
  }

  private RemoteCommand cmd(String db, String... argv) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("ORACLE_SID", db);
    options.oracleHome().ifPresent(h -> env.put("ORACLE_HOME", h));
    env.putAll(options.env());
    String[] full = argv.clone();
    if (options.oracleHome().isPresent() && !options.env().containsKey("PATH")) {
      full[0] = options.oracleHome().get() + "/bin/" + argv[0];
    }
    return RemoteCommand.argv(full).withBecome(Become.as(options.osUser())).withEnv(env);
  }
}
