package io.pagetune.targets.postgres;

import io.pagetune.modules.Args;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import io.pagetune.modules.pages.HostFiles;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code postgres_hugepages} writes {@code huge_pages} (postgresql.auto.conf as ALTER SYSTEM
 * does, or its own file under conf.d) and what the cluster's next start then reads: the settings
 * are read as the server reads them ({@link PgStartFiles}), so a later include, a later conf.d
 * file, postgresql.auto.conf or a {@code -c} on the start command that sets another value refuses
 * the task, naming the file and line that would win, instead of a change the restart ignores.
 *
 * @param steps the write, if the file is not as wanted yet
 * @param diffs its diff
 * @param persisted the assignment the next start uses today, and where it stands
 */
record PgHugePagesWrite(List<Step> steps, List<FileDiff> diffs, Optional<PgSetting> persisted) {
  static final String NAME = "huge_pages";

  /** The write, or why it is refused (one line). */
  record Result(Optional<PgHugePagesWrite> write, Optional<String> refusal) {
    static Result refused(String why) {
      return new Result(Optional.empty(), Optional.of(why));
    }
  }

  static Result plan(
      HostState host,
      Args args,
      String owner,
      PgStartFiles start,
      String configDir,
      String wanted) {
    PgSettings now = start.read(host, Map.of());
    if (now.error().isPresent()) {
      return Result.refused(now.error().get());
    }
    Optional<PgSetting> persisted = now.effective(NAME);
    boolean backup = args.bool("backup");
    if (args.string("pg_conf_method").equals("conf.d")) {
      Optional<PgSetting> auto =
          now.assignments().stream()
              .filter(s -> s.name().equals(NAME) && s.in(start.autoConf()))
              .reduce((a, b) -> b);
      // postgresql.auto.conf is read after conf.d: ALTER SYSTEM's value there wins
      if (auto.filter(a -> !PgSetting.sameEnum(a.value(), wanted)).isPresent()) {
        return Result.refused(
            start.autoConf()
                + " sets huge_pages = '"
                + auto.get().value()
                + "', which overrides conf.d (ALTER SYSTEM RESET huge_pages, or use"
                + " pg_conf_method: auto)");
      }
      ConfDSetting.Result confD = ConfDSetting.plan(host, configDir, NAME, wanted);
      if (confD.refusal().isPresent()) {
        return Result.refused(confD.refusal().get());
      }
      ConfDSetting file = confD.setting().get();
      if (!start.read(host, Map.of(file.path(), file.wanted())).reads(file.path())) {
        return Result.refused(
            start.confFile()
                + " has no include_dir 'conf.d': PostgreSQL would not read "
                + file.path()
                + " (add the include_dir, or use pg_conf_method: auto)");
      }
      return write(
          host,
          start,
          file.path(),
          file.before(),
          file.wanted(),
          file.exists(),
          0644,
          owner,
          backup,
          wanted,
          persisted);
    }
    String autoPath = start.autoConf();
    HostFiles.Text autoNow = HostFiles.readOrEmpty(host, autoPath);
    if (autoNow.problem().isPresent()) {
      return Result.refused(autoNow.problem().get());
    }
    String before = autoNow.text().get();
    return write(
        host,
        start,
        autoPath,
        before,
        AutoConf.set(before, NAME, wanted),
        host.stat(autoPath).isPresent(),
        0600,
        owner,
        backup,
        wanted,
        persisted);
  }

  private static Result write(
      HostState host,
      PgStartFiles start,
      String path,
      String before,
      String after,
      boolean exists,
      int mode,
      String owner,
      boolean backup,
      String wanted,
      Optional<PgSetting> persisted) {
    Optional<String> overridden = start.overridden(host, path, after, NAME, wanted);
    if (overridden.isPresent()) {
      return Result.refused(overridden.get());
    }
    if (before.equals(after)) {
      return new Result(
          Optional.of(new PgHugePagesWrite(List.of(), List.of(), persisted)), Optional.empty());
    }
    Step put =
        new Step.Put(
            path,
            after.getBytes(StandardCharsets.UTF_8),
            exists ? null : Integer.valueOf(mode),
            exists ? null : owner,
            null,
            backup && exists);
    return new Result(
        Optional.of(
            new PgHugePagesWrite(
                List.of(put), List.of(new FileDiff(path, before, after)), persisted)),
        Optional.empty());
  }
}
