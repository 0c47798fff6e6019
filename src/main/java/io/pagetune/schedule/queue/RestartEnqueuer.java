package io.pagetune.schedule.queue;

import static io.pagetune.schedule.queue.IntentRows.findQueued;
import static io.pagetune.schedule.queue.IntentRows.update;

import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.StateException;
import io.pagetune.state.StateStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Queues restarts, deduplicated by target: a queued intent for the same target takes a request (one
 * system restart per id, one per web server or database instance); a queued reboot of the host
 * absorbs it; a new reboot supersedes the queued restarts of its host.
 */
final class RestartEnqueuer {
  private static final int ENQUEUE_ATTEMPTS = 5;
  private static final int MAX_REASON = 2000;

  private final StateStore store;
  private final RestartCatalog kinds;

  RestartEnqueuer(StateStore store, RestartCatalog kinds) {
    this.store = store;
    this.kinds = kinds;
  }

  EnqueueResult enqueue(RestartRequest request) {
    StateException last = null;
    for (int attempt = 0; attempt < ENQUEUE_ATTEMPTS; attempt++) {
      try {
        return store.inTransaction(c -> enqueue(c, request));
      } catch (StateException e) {
        // Two nodes queued the same target at once: the unique index stopped the second, which
        // now finds the first and merges into it.
        if (!isUniqueViolation(e)) {
          throw e;
        }
        last = e;
      }
    }
    throw last;
  }

  private EnqueueResult enqueue(Connection c, RestartRequest request) throws SQLException {
    RestartTarget target = request.target();
    upsertGroup(c, request.group(), request.maxConcurrent());
    if (!target.isReboot()) {
      Optional<RestartIntent> reboot =
          findQueued(c, kinds, RestartIntent.keyOf(RestartTarget.reboot(target.host())));
      if (reboot.isPresent()) {
        return new EnqueueResult(
            EnqueueResult.Disposition.ABSORBED, merge(c, reboot.get(), request), List.of());
      }
    }
    Optional<RestartIntent> same = findQueued(c, kinds, RestartIntent.keyOf(target));
    if (same.isPresent()) {
      return new EnqueueResult(
          EnqueueResult.Disposition.MERGED, merge(c, same.get(), request), List.of());
    }
    RestartIntent created = insert(c, request);
    List<String> superseded = target.isReboot() ? supersede(c, created) : List.of();
    return new EnqueueResult(EnqueueResult.Disposition.NEW, created, superseded);
  }

  private void upsertGroup(Connection c, String group, int maxConcurrent) throws SQLException {
    update(
        c,
        "INSERT INTO restart_groups (name, max_concurrent) VALUES (?, ?)"
            + " ON CONFLICT (name) DO UPDATE SET max_concurrent = excluded.max_concurrent",
        group,
        maxConcurrent);
  }

  private RestartIntent insert(Connection c, RestartRequest request) throws SQLException {
    String id = UUID.randomUUID().toString();
    RestartTarget target = request.target();
    long now = now();
    update(
        c,
        "INSERT INTO restart_intents (id, kind, host, target_id, target_key, hosts, group_name,"
            + " reason, run_id, created_at, due_at, expected_duration_ms, status, updated_at)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        id,
        target.kind().toUpperCase(Locale.ROOT),
        target.host(),
        target.id(),
        RestartIntent.keyOf(target),
        target.host(),
        request.group(),
        truncate(request.reason()),
        request.runId(),
        now,
        request.dueAt().toEpochMilli(),
        request.expectedDuration().toMillis(),
        IntentStatus.QUEUED.name(),
        now);
    RestartExecutions.insert(c, id, request.dueAt());
    return IntentRows.find(c, kinds, id).orElseThrow();
  }

  /** A request joins a queued intent: the earlier due time, the longer duration, both reasons. */
  private RestartIntent merge(Connection c, RestartIntent into, RestartRequest request)
      throws SQLException {
    Set<String> hosts = new LinkedHashSet<>(into.hosts());
    if (request.target().kind().equals(into.target().kind())) {
      hosts.add(request.target().host());
    }
    Instant due = request.dueAt().isBefore(into.dueAt()) ? request.dueAt() : into.dueAt();
    Duration duration =
        request.expectedDuration().compareTo(into.expectedDuration()) > 0
            ? request.expectedDuration()
            : into.expectedDuration();
    String reason =
        into.reason().contains(request.reason())
            ? into.reason()
            : truncate(into.reason() + "; " + request.reason());
    update(
        c,
        "UPDATE restart_intents SET hosts = ?, due_at = ?, expected_duration_ms = ?, reason = ?,"
            + " updated_at = ? WHERE id = ?",
        String.join(",", hosts),
        due.toEpochMilli(),
        duration.toMillis(),
        reason,
        now(),
        into.id());
    if (due.isBefore(into.dueAt())) {
      RestartExecutions.move(c, into.id(), due);
    }
    return IntentRows.find(c, kinds, into.id()).orElseThrow();
  }

  /**
   * A new reboot makes the queued restarts of its host unnecessary. A restart that also covers
   * other hosts (a system restart) stays queued for those hosts only.
   */
  private List<String> supersede(Connection c, RestartIntent reboot) throws SQLException {
    String host = reboot.target().host();
    List<String> superseded = new ArrayList<>();
    for (RestartIntent queued :
        IntentRows.select(
            c,
            kinds,
            IntentRows.SELECT + " WHERE status = ? AND id <> ?",
            IntentStatus.QUEUED.name(),
            reboot.id())) {
      if (!queued.hosts().contains(host)) {
        continue;
      }
      List<String> rest = queued.hosts().stream().filter(h -> !h.equals(host)).toList();
      if (rest.isEmpty()) {
        update(
            c,
            IntentRows.END_QUEUED,
            IntentStatus.SUPERSEDED.name(),
            "superseded by the reboot of " + host + " (" + reboot.id() + ")",
            now(),
            now(),
            queued.id(),
            IntentStatus.QUEUED.name());
        RestartExecutions.delete(c, queued.id());
        superseded.add(queued.id());
      } else {
        update(
            c,
            "UPDATE restart_intents SET host = ?, hosts = ?, updated_at = ? WHERE id = ?",
            rest.get(0),
            String.join(",", rest),
            now(),
            queued.id());
      }
    }
    return superseded;
  }

  private long now() {
    return store.clock().millis();
  }

  private static String truncate(String reason) {
    return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON - 1) + "…";
  }

  private static boolean isUniqueViolation(StateException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql) {
        // PostgreSQL unique_violation; SQLite reports constraint errors with code 19.
        if ("23505".equals(sql.getSQLState()) || (sql.getErrorCode() & 0xff) == 19) {
          return true;
        }
      }
    }
    return false;
  }
}
