package io.pagetune.targets.postgres;

import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.HostFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a cluster's next start takes its settings from: {@code postgresql.conf} in its config
 * directory (with what it includes), {@code postgresql.auto.conf} in its data directory, and the
 * command line of whatever starts it: the {@code ExecStart} of the unit systemd runs it with, or
 * Debian's {@code pg_ctl.conf} beside postgresql.conf.
 *
 * @param confFile the main configuration file
 * @param autoConf the data directory's postgresql.auto.conf
 * @param commandLine the settings the start command gives
 */
record PgStartFiles(String confFile, String autoConf, List<PgSetting> commandLine) {
  PgStartFiles {
    commandLine = List.copyOf(commandLine);
  }

  static PgStartFiles of(
      HostState host, String configDir, String dataDir, Optional<PgCluster> unitRun) {
    List<PgSetting> cmd = new ArrayList<>();
    unitRun.ifPresent(
        u -> cmd.addAll(PgCommandLine.settings(u.startArgv(), "the ExecStart of " + u.unit())));
    String pgCtlConf = configDir + "/pg_ctl.conf";
    HostFiles.Text pgCtl = HostFiles.readOrEmpty(host, pgCtlConf);
    pgCtl.text().ifPresent(t -> cmd.addAll(PgCommandLine.fromPgCtlConf(t, pgCtlConf)));
    return new PgStartFiles(configDir + "/postgresql.conf", dataDir + "/postgresql.auto.conf", cmd);
  }

  /** The settings the next start reads, {@code planned} files as this run will write them. */
  PgSettings read(HostState host, Map<String, String> planned) {
    return PgSettingsReader.read(host, confFile, autoConf, commandLine, planned);
  }

  /**
   * Why writing {@code name = wanted} into {@code path} (its new text {@code text}) would not be
   * what the next start uses: the file is not read, or a file read later or the command line sets
   * another value. Empty when the next start gets {@code wanted}.
   */
  Optional<String> overridden(
      HostState host, String path, String text, String name, String wanted) {
    PgSettings after = read(host, Map.of(path, text));
    if (after.error().isPresent()) {
      return after.error();
    }
    Optional<PgSetting> winner = after.effective(name);
    if (winner.isPresent() && !PgSetting.sameEnum(winner.get().value(), wanted)) {
      PgSetting w = winner.get();
      boolean inFile = after.files().stream().anyMatch(w::in);
      return Optional.of(
          w.source()
              + " sets "
              + name
              + " = '"
              + w.value()
              + (inFile ? "', which the server reads after " : "', which wins over ")
              + path
              + ": the next start would use '"
              + w.value()
              + "'");
    }
    return Optional.empty();
  }
}
