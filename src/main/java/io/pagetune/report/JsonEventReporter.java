package io.pagetune.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --output json}: one JSON object per line per event (schema in the README). Every object
 * has {@code event} and {@code time}; the last one is {@code run_finished} with the recap.
 */
public final class JsonEventReporter implements RunListener {
  private final PrintStream out;
  private final Clock clock;
  private final ObjectMapper mapper =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  public JsonEventReporter(PrintStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  private Map<String, Object> event(String name) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("event", name);
    e.put("time", clock.instant().toString());
    return e;
  }

  private void emit(Map<String, Object> e) {
    try {
      out.println(mapper.writeValueAsString(e));
      out.flush();
    } catch (JsonProcessingException ex) {
      out.println("{\"event\":\"error\",\"message\":\"cannot serialise event\"}");
    }
  }

  @Override
  public void restartRan(RestartRan restart) {
    Map<String, Object> e = event("restart");
    e.putAll(restart.fields());
    emit(e);
  }

  @Override
  public void runStarted(String playbook, boolean checkMode) {
    Map<String, Object> e = event("run_started");
    e.put("playbook", playbook);
    e.put("check_mode", checkMode);
    emit(e);
  }

  @Override
  public void playStarted(String play, List<String> hosts) {
    Map<String, Object> e = event("play_started");
    e.put("play", play);
    e.put("hosts", hosts);
    emit(e);
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    Map<String, Object> e = event(handler ? "handler_started" : "task_started");
    e.put("task", task);
    e.put("location", location);
    emit(e);
  }

  @Override
  public void hostResult(TaskOutcome o) {
    Map<String, Object> e = event(o.item() != null ? "item_result" : "host_result");
    e.put("host", o.host());
    e.put("play", o.play());
    e.put("task", o.task());
    e.put("location", o.location());
    e.put("status", o.status().word());
    e.put("changed", o.status() == Status.CHANGED);
    if (o.item() != null) {
      e.put("item", o.item());
    }
    e.put("loop", o.loop());
    e.put("message", o.message());
    e.put("ignored", o.ignored());
    e.put("handler", o.handler());
    e.put("check_mode", o.checkMode());
    e.put("diffs", o.diffs());
    e.put("restarts", o.restarts());
    e.put("paths", o.paths());
    e.put("result", o.result());
    emit(e);
  }

  @Override
  public void warning(String message) {
    Map<String, Object> e = event("warning");
    e.put("message", message);
    emit(e);
  }

  @Override
  public void playFinished(String play) {
    Map<String, Object> e = event("play_finished");
    e.put("play", play);
    emit(e);
  }

  @Override
  public void runFinished(RunSummary summary, int exitCode) {
    Map<String, Object> e = event("run_finished");
    e.put("run_id", summary.runId());
    Map<String, Object> recap = new LinkedHashMap<>();
    summary.hosts().forEach((h, c) -> recap.put(h, counts(c)));
    e.put("recap", recap);
    e.put("totals", counts(summary.totals()));
    e.put("check_mode", summary.checkMode());
    e.put("exit_code", exitCode);
    emit(e);
  }

  private static Map<String, Object> counts(HostCounts c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ok", c.ok());
    m.put("changed", c.changed());
    m.put("unreachable", c.unreachable());
    m.put("failed", c.failed());
    m.put("skipped", c.skipped());
    m.put("rescued", c.rescued());
    m.put("ignored", c.ignored());
    m.put("pending_restarts", c.pending());
    return m;
  }
}
