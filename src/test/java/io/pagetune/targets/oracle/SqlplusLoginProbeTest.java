package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.LocalConnection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.targets.DefaultProbe;
import io.pagetune.testing.StandIns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlplusLoginProbeTest {
  private static final String ME = System.getProperty("user.name");
  @TempDir Path dir;

  private CommandResult run(DefaultProbe probe, Path state) {
    return new LocalConnection("localhost")
        .run(
            RemoteCommand.script(probe.command()).withEnv(Map.of("STANDIN_DIR", state.toString())),
            Duration.ofSeconds(30));
  }

  @Test
  void logsInAsSysdbaAsTheOwnerWithTheInstancesSidAndHome() throws Exception {
    Path bin = StandIns.install(dir, "sqlplus");
    Path state = Files.createDirectories(dir.resolve("state"));
    DefaultProbe probe =
        new OracleTarget()
            .defaultBenefitProbe(
                OracleTarget.INSTANCE_RESTART.target("db1", "ORCL"),
                Map.of(),
                Map.of("oracle_user", ME, "oracle_home", bin.getParent().toString()))
            .orElseThrow();
    CommandResult r = run(probe, state);
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals(
        List.of("sqlplus -S -L / as sysdba | exit | ORACLE_SID=ORCL"),
        StandIns.lines(state.resolve("calls")));
    assertEquals(Optional.empty(), probe.warmup());
  }

  @Test
  void aRefusedLoginFailsTheRun() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path sqlplus = bin.resolve("sqlplus");
    // SQL*Plus prints the error and may still exit 0 when stdin says exit
    Files.writeString(sqlplus, "#!/bin/sh\ncat >/dev/null\necho 'ORA-01017: invalid username'\n");
    Files.setPosixFilePermissions(sqlplus, PosixFilePermissions.fromString("rwxr-xr-x"));
    DefaultProbe probe =
        SqlplusLoginProbe.of("ORCL", Map.of("oracle_user", ME, "oracle_home", dir.toString()));
    CommandResult r = run(probe, dir);
    assertEquals(1, r.exitCode());
    assertTrue(r.stderr().contains("ORA-01017"), r.stderr());
  }

  @Test
  void quotesTheSidAndHomeAndDefaultsToTheOracleUser() {
    String command =
        SqlplusLoginProbe.of("OR'CL", Map.of("oracle_home", "/u01/app/$(x)")).command();
    assertTrue(command.startsWith("u=oracle\n"), command);
    assertTrue(command.contains("ORACLE_SID='OR'\\''CL'"), command);
    assertTrue(command.contains("ORACLE_HOME='/u01/app/$(x)'"), command);
  }

  @Test
  void onlyDatabaseInstanceRestartsHaveIt() {
    assertFalse(
        new OracleTarget()
            .defaultBenefitProbe(RestartTarget.reboot("db1"), Map.of(), Map.of())
            .isPresent());
  }
}
