package io.pagetune.cli;

import io.pagetune.executor.RestartList;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageState;
import io.pagetune.report.html.HostReport;
import io.pagetune.report.html.HostState;
import io.pagetune.report.html.TaskLine;
import io.pagetune.schedule.queue.IntentStatus;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.HostFacts;
import io.pagetune.state.JournalChange;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One host's page state as {@code pagetune status} shows it: the journal's newest change of each
 * file and whether it is in use, the restarts still queued for it, its next window, and (with the
 * page states of its latest facts (stored by the last run that gathered them, or gathered now with
 * {@code --refresh}).
 *
 * @param unconfirmed writes that runs now dead (or over) journaled on the host and never confirmed:
 *     they may be on the host, waiting for a restart nobody queued yet
 * @param facts the host's latest facts; empty when they were never gathered
 * @param unreachable why facts could not be gathered now, when they could not
 * @param at the time status looks, for the facts' age
 */
record HostStatus(
    String host,
    List<String> groups,
    List<JournalChange> changes,
    List<JournalChange> unconfirmed,
    List<RestartIntent> restarts,
    Map<String, Object> window,
    Optional<HostFacts> facts,
    Optional<String> unreachable,
    Instant at,
    io.pagetune.schedule.RestartCatalog restartKinds) {
  HostStatus {
    groups = List.copyOf(groups);
    changes = List.copyOf(changes);
    unconfirmed = List.copyOf(unconfirmed);
    restarts = List.copyOf(restarts);
    window = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(window));
  }

  HostState state() {
    if (unreachable.isPresent()) {
      return HostState.UNREACHABLE;
    }
    if (restarts.stream().anyMatch(i -> i.status() == IntentStatus.BLOCKED)) {
      return HostState.REFUSED;
    }
    if (!unconfirmed.isEmpty()) {
      // the host may hold these writes without their restart: never "effective"
      return HostState.INTERRUPTED;
    }
    if (!restarts.isEmpty()
        || changes.stream().anyMatch(c -> c.effectiveState() == EffectiveState.PENDING)
        || pages().stream().anyMatch(PageState::pendingRestart)) {
      return HostState.RESTART_PENDING;
    }
    if (changes.stream().anyMatch(c -> c.effectiveState() == EffectiveState.NOT_EFFECTIVE)
        || pages().stream().anyMatch(s -> s.persisted() && !s.effective())) {
      return HostState.PERSISTED;
    }
    return HostState.EFFECTIVE;
  }

  /** The restart's words with its due time in the window's zone, as the report shows them. */
  List<String> restartLines() {
    List<String> out = new ArrayList<>(unconfirmedRestarts());
    java.time.ZoneId zone =
        window.get("zone") instanceof String z ? java.time.ZoneId.of(z) : java.time.ZoneOffset.UTC;
    for (RestartIntent i : restarts) {
      out.add(
          i.target().describe()
              + " "
              + i.status().name().toLowerCase(Locale.ROOT)
              + ", due "
              + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm zzz", Locale.ROOT)
                  .format(i.dueAt().atZone(zone))
              + i.result().map(r -> ": " + r).orElse(""));
    }
    return out;
  }

  /**
   * The restarts the unconfirmed writes need, one line each: no intent holds them until a run or
   * {@code schedule run-due} finds the writes on the host.
   */
  List<String> unconfirmedRestarts() {
    Map<String, String> out = new LinkedHashMap<>();
    for (JournalChange c : unconfirmed) {
      for (Step.RequestRestart r : RestartList.decode(c.restarts(), restartKinds)) {
        out.putIfAbsent(
            r.target().describe(),
            r.target().describe() + " unconfirmed (run " + c.runId() + " ended before queuing it)");
      }
    }
    return List.copyOf(out.values());
  }

  /** The CHANGES cell: journaled files, how many wait for a restart, how many are unconfirmed. */
  String changesLine() {
    if (changes.isEmpty() && unconfirmed.isEmpty()) {
      return "-";
    }
    long pending =
        changes.stream().filter(c -> c.effectiveState() == EffectiveState.PENDING).count();
    return changes.size()
        + " file(s), "
        + pending
        + " pending"
        + (unconfirmed.isEmpty() ? "" : ", " + unconfirmed.size() + " unconfirmed");
  }

  /** The next opening's start in the window's zone, or why there is none. */
  @SuppressWarnings("unchecked")
  String nextWindow() {
    Object name = window.get("window");
    if (name == null) {
      return "no change window";
    }
    if (window.get("error") != null) {
      return String.valueOf(window.get("error"));
    }
    if (window.get("servicenow") != null) {
      return name + " (ServiceNow " + window.get("servicenow") + ")";
    }
    Object open = window.get("open_now");
    if (open instanceof Map<?, ?> o) {
      return name + " open until " + o.get("end_local");
    }
    List<Map<String, Object>> next = (List<Map<String, Object>>) window.get("next");
    return next == null || next.isEmpty()
        ? name + ": no coming opening"
        : name + " " + next.get(0).get("start_local");
  }

  List<String> blockers() {
    List<String> out = new ArrayList<>();
    unreachable.ifPresent(u -> out.add("unreachable: " + u));
    for (String run : unconfirmed.stream().map(JournalChange::runId).distinct().toList()) {
      out.add(
          "run "
              + run
              + " ended (died, or a write failed) without confirming "
              + unconfirmed.stream().filter(c -> c.runId().equals(run)).count()
              + " write(s): the next run or schedule run-due reads the host to settle them");
    }
    for (RestartIntent i : restarts) {
      if (i.status() == IntentStatus.BLOCKED || i.status() == IntentStatus.FAILED) {
        out.add(i.target().describe() + ": " + i.result().orElse(i.status().name()));
      }
    }
    for (JournalChange c : changes) {
      if (c.effectiveState() == EffectiveState.NOT_EFFECTIVE) {
        out.add(
            c.path()
                + ": not effective after its restart"
                + c.effectiveDetail().map(d -> " (" + d + ")").orElse(""));
      }
    }
    return out;
  }

  HostReport report() {
    List<TaskLine> lines = new ArrayList<>();
    for (JournalChange c : changes) {
      lines.add(
          new TaskLine(
              "",
              c.task(),
              c.path(),
              c.effectiveState().name().toLowerCase(Locale.ROOT),
              c.path() + " changed by run " + c.runId() + " at " + c.changedAt(),
              List.of()));
    }
    for (JournalChange c : unconfirmed) {
      lines.add(
          new TaskLine(
              "",
              c.task(),
              c.path(),
              "unconfirmed",
              c.path() + " being written by run " + c.runId() + " when it ended, never confirmed",
              List.of()));
    }
    return new HostReport(host, groups, state(), pages(), lines, restartLines(), blockers())
        .withPagesNote(factsLine());
  }

  Map<String, Object> json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("host", host);
    m.put("state", state().slug());
    m.put("groups", groups);
    m.put("changes", changes.stream().map(JournalJson::change).toList());
    m.put("unconfirmed_changes", unconfirmed.stream().map(JournalJson::change).toList());
    m.put("unconfirmed_restarts", unconfirmedRestarts());
    m.put("pending_restarts", restarts.stream().map(IntentJson::of).toList());
    m.put("window", window);
    m.put(
        "page_state",
        facts.map(f -> (Object) f.pages().stream().map(PageState::toMap).toList()).orElse(null));
    m.put("facts", factsJson());
    m.put("unreachable", unreachable.orElse(null));
    m.put("blockers", blockers());
    return m;
  }

  List<PageState> pages() {
    return facts.map(HostFacts::pages).orElse(List.of());
  }

  /** When the facts were gathered and by what, e.g. "facts from ... (2h ago), run r1". */
  String factsLine() {
    if (facts.isEmpty()) {
      return "facts never gathered";
    }
    HostFacts f = facts.get();
    return "facts from "
        + f.gatheredAt()
        + " ("
        + age(Duration.between(f.gatheredAt(), at))
        + "), "
        + f.runId().map(r -> "run " + r).orElse("status --refresh");
  }

  private Map<String, Object> factsJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("gathered", facts.isPresent());
    m.put("gathered_at", facts.map(f -> f.gatheredAt().toString()).orElse(null));
    m.put("run_id", facts.flatMap(HostFacts::runId).orElse(null));
    m.put(
        "age_seconds",
        facts.map(f -> Duration.between(f.gatheredAt(), at).toSeconds()).orElse(null));
    m.put("text", factsLine());
    return m;
  }

  /** The age in its largest whole unit; "now" under a minute (and for clocks a little ahead). */
  static String age(Duration d) {
    if (d.toMinutes() < 1) {
      return "now";
    }
    if (d.toHours() < 1) {
      return d.toMinutes() + "m ago";
    }
    if (d.toDays() < 1) {
      return d.toHours() + "h ago";
    }
    return d.toDays() + "d ago";
  }
}
