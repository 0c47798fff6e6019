package io.pagetune.cli;

import io.pagetune.schedule.queue.RestartIntent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON shape of a restart intent ({@code schedule list|show --output json}, {@code status}).
 */
final class IntentJson {
  private IntentJson() {}

  static Map<String, Object> of(RestartIntent i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", i.id());
    m.put("status", i.status().name().toLowerCase(Locale.ROOT));
    m.put("restart", i.target().describe());
    m.put("kind", i.target().kind());
    m.put("hosts", i.hosts());
    m.put("group", i.group());
    m.put("due_at", i.dueAt().toString());
    m.put("expected_seconds", i.expectedDuration().toSeconds());
    m.put("reason", i.reason());
    m.put("run_id", i.runId());
    m.put("created_at", i.createdAt().toString());
    m.put("attempts", i.attempts());
    m.put("started_at", i.startedAt().map(Instant::toString).orElse(null));
    m.put("finished_at", i.finishedAt().map(Instant::toString).orElse(null));
    m.put("result", i.result().orElse(null));
    return m;
  }
}
