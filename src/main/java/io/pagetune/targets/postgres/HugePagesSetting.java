package io.pagetune.targets.postgres;

import io.pagetune.modules.Args;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Optional;

/**
 * The cluster's {@code huge_pages} setting as {@code postgres_hugepages} writes it: in {@code
 * postgresql.auto.conf} ({@code pg_conf_method: auto}), or in pagetune's conf.d file ({@link
 * ConfDSetting}), and which value the next start will read, as the server reads its settings
 * ({@link PgHugePagesWrite}).
 *
 * @param steps the writes
 * @param diffs what check mode shows of them
 * @param persisted the assignment the next start reads, when one is set, and where it stands
 * @param refusal why the setting cannot be persisted (one line), instead of the rest
 */
record HugePagesSetting(
    List<Step> steps,
    List<FileDiff> diffs,
    Optional<PgSetting> persisted,
    Optional<String> refusal) {

  static HugePagesSetting plan(
      HostState host, Args args, NamedCluster target, PgStartFiles start, String wantedMode) {
    PgHugePagesWrite.Result planned =
        PgHugePagesWrite.plan(
            host, args, target.pg().owner(), start, target.configDir(host), wantedMode);
    if (planned.refusal().isPresent()) {
      return new HugePagesSetting(
          List.of(),
          List.of(),
          Optional.empty(),
          Optional.of(target.cluster() + ": " + planned.refusal().get()));
    }
    PgHugePagesWrite write = planned.write().get();
    return new HugePagesSetting(write.steps(), write.diffs(), write.persisted(), Optional.empty());
  }

  /** True when the next start reads {@code wantedMode}. */
  boolean persists(String wantedMode) {
    return persisted.filter(m -> PgSetting.sameEnum(m.value(), wantedMode)).isPresent();
  }

  /** What the next start reads, in the report's words ("" when nothing sets it). */
  String persistedValue() {
    return persisted.map(m -> "huge_pages=" + m.value() + " in " + m.source()).orElse("");
  }
}
