package io.pagetune.targets.postgres;

import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import io.pagetune.modules.pages.HostFiles;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cluster's {@code huge_pages} setting as {@code postgres_hugepages} writes it: in {@code
 * postgresql.auto.conf} ({@code pg_conf_method: auto}), or in pagetune's conf.d file ({@link
 * ConfDSetting}), and which value the next start will read.
 *
 * @param steps the writes
 * @param diffs what check mode shows of them
 * @param persistedMode the value the next start reads, when one is set
 * @param persistedWhere where that value comes from
 * @param refusal why the setting cannot be persisted (one line), instead of the rest
 */
record HugePagesSetting(
    List<Step> steps,
    List<FileDiff> diffs,
    Optional<String> persistedMode,
    String persistedWhere,
    Optional<String> refusal) {

  private static HugePagesSetting refused(String why) {
    return new HugePagesSetting(List.of(), List.of(), Optional.empty(), "", Optional.of(why));
  }

  static HugePagesSetting plan(
      HostState host, NamedCluster target, String wantedMode, boolean confD, boolean backup) {
    String cluster = target.cluster();
    String autoPath = target.dataDir() + "/postgresql.auto.conf";
    HostFiles.Text autoNow = HostFiles.readOrEmpty(host, autoPath);
    if (autoNow.problem().isPresent()) {
      return refused(autoNow.problem().get());
    }
    String autoBefore = autoNow.text().get();
    Optional<String> autoMode = AutoConf.value(autoBefore, "huge_pages");
    List<Step> steps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    Optional<String> persistedMode = autoMode;
    String persistedWhere = "postgresql.auto.conf";
    if (confD) {
      // postgresql.auto.conf is read last: its value is the one the next start uses
      if (autoMode.filter(m -> !m.equals(wantedMode)).isPresent()) {
        return refused(
            cluster
                + ": "
                + autoPath
                + " sets huge_pages = '"
                + autoMode.get()
                + "', which overrides conf.d (ALTER SYSTEM RESET huge_pages, or use"
                + " pg_conf_method: auto)");
      }
      ConfDSetting.Result planned =
          ConfDSetting.plan(host, target.configDir(host), "huge_pages", wantedMode);
      if (planned.refusal().isPresent()) {
        return refused(cluster + ": " + planned.refusal().get());
      }
      ConfDSetting file = planned.setting().get();
      if (!file.before().equals(file.wanted())) {
        steps.add(
            new Step.Put(
                file.path(),
                file.wanted().getBytes(StandardCharsets.UTF_8),
                file.exists() ? null : Integer.valueOf(0644),
                file.exists() ? null : target.pg().owner(),
                null,
                backup && file.exists()));
        diffs.add(new FileDiff(file.path(), file.before(), file.wanted()));
      }
      if (autoMode.isEmpty()) {
        persistedMode = file.valueNow("huge_pages");
        persistedWhere = file.path();
      } else {
        persistedWhere = "postgresql.auto.conf (read after conf.d)";
      }
    } else if (!AutoConf.set(autoBefore, "huge_pages", wantedMode).equals(autoBefore)) {
      String autoWanted = AutoConf.set(autoBefore, "huge_pages", wantedMode);
      boolean exists = host.stat(autoPath).isPresent();
      steps.add(
          new Step.Put(
              autoPath,
              autoWanted.getBytes(StandardCharsets.UTF_8),
              exists ? null : Integer.valueOf(0600),
              exists ? null : target.pg().owner(),
              null,
              backup && exists));
      diffs.add(new FileDiff(autoPath, autoBefore, autoWanted));
    }
    return new HugePagesSetting(steps, diffs, persistedMode, persistedWhere, Optional.empty());
  }

  /** True when the next start reads {@code wantedMode}. */
  boolean persists(String wantedMode) {
    return persistedMode.filter(wantedMode::equals).isPresent();
  }

  /** What the next start reads, in the report's words ("" when nothing sets it). */
  String persistedValue() {
    return persistedMode.map(v -> "huge_pages=" + v + " in " + persistedWhere).orElse("");
  }
}
