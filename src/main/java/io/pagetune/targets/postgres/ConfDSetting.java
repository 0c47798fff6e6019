package io.pagetune.targets.postgres;

import io.pagetune.connection.FileMeta;
import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.HostFiles;
import java.util.Optional;

/**
 * {@code pg_conf_method: conf.d}: one setting in {@code <config
 * dir>/conf.d/pagetune-hugepages.conf}, the way a DBA keeps local settings on Debian, whose
 * postgresql.conf ends with {@code include_dir 'conf.d'}. Whether the server reads the file and
 * whether anything read after it overrides it is judged by {@link PgHugePagesWrite} with the
 * server's own reading order.
 *
 * @param path the file pagetune writes
 * @param before its text now (empty when absent)
 * @param wanted its text with the setting
 * @param exists whether it exists now
 */
record ConfDSetting(String path, String before, String wanted, boolean exists) {
  static final String FILE = "pagetune-hugepages.conf";

  /** The conf.d file for {@code name = value}, or why conf.d cannot carry it (one line). */
  static Result plan(HostState host, String configDir, String name, String value) {
    String confD = configDir + "/conf.d";
    Optional<FileMeta> dir = host.stat(confD);
    if (dir.isEmpty() || dir.get().type() != FileMeta.Type.DIRECTORY) {
      return Result.refused(confD + " is not a directory: create it for the include_dir");
    }
    String path = confD + "/" + FILE;
    HostFiles.Text now = HostFiles.readOrEmpty(host, path);
    if (now.problem().isPresent()) {
      return Result.refused(now.problem().get());
    }
    String wanted =
        "# Managed by pagetune (postgres_hugepages, pg_conf_method: conf.d); do not edit by"
            + " hand.\n"
            + name
            + " = "
            + value
            + "\n";
    return new Result(
        Optional.of(new ConfDSetting(path, now.text().get(), wanted, host.stat(path).isPresent())),
        Optional.empty());
  }

  /** The file to write, or why not. */
  record Result(Optional<ConfDSetting> setting, Optional<String> refusal) {
    static Result refused(String why) {
      return new Result(Optional.empty(), Optional.of(why));
    }
  }
}
