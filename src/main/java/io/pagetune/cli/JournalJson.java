package io.pagetune.cli;

import io.pagetune.state.JournalChange;
import io.pagetune.state.RunRecord;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON shapes of journaled runs and changes ({@code history --output json}, {@code status}).
 */
final class JournalJson {
  private JournalJson() {}

  static Map<String, Object> run(RunRecord r, String status) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("run_id", r.runId());
    m.put("playbook", r.playbook());
    m.put("started_by", r.startedBy());
    m.put("check_mode", r.checkMode());
    m.put("started_at", r.startedAt().toString());
    m.put("finished_at", r.finishedAt().map(Instant::toString).orElse(null));
    m.put("status", status);
    return m;
  }

  static Map<String, Object> change(JournalChange c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sequence", c.sequence());
    m.put("run_id", c.runId());
    m.put("host", c.host());
    m.put("task", c.task());
    m.put("path", c.path());
    m.put("before_sha256", c.beforeSha256().orElse(null));
    m.put("after_sha256", c.afterSha256().orElse(null));
    m.put("backup_path", c.backupPath().orElse(null));
    m.put("changed_at", c.changedAt().toString());
    m.put("effective_state", c.effectiveState().name().toLowerCase(java.util.Locale.ROOT));
    m.put("effective_detail", c.effectiveDetail().orElse(null));
    m.put("effective_at", c.effectiveAt().map(Instant::toString).orElse(null));
    m.put("restarts", c.restarts().isEmpty() ? List.of() : c.restarts().lines().toList());
    m.put("write_state", c.writeState().name().toLowerCase(java.util.Locale.ROOT));
    // a no_log task's change: its checksums are all any view shows of it
    m.put("no_log", c.noLog());
    m.put("kind", c.kind().column());
    m.put("before", c.beforeValue().orElse(null));
    m.put("after", c.afterValue().orElse(null));
    return m;
  }

  static <T> Object orNull(Optional<T> o) {
    return o.orElse(null);
  }
}
