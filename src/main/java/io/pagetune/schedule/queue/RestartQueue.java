package io.pagetune.schedule.queue;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.state.StateException;
import io.pagetune.state.StateStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The durable restart queue. Each queued intent has a db-scheduler execution ({@value #TASK_NAME},
 * instance id = intent id) written in the same transaction, so an intent can never be queued
 * without something that will run it.
 *
 * <p>Exactly-once rests on the intent row: only a conditional {@code UPDATE … WHERE status =
 * 'QUEUED'} can start a restart, whatever db-scheduler does.
 */
public final class RestartQueue {
  public static final String TASK_NAME = "pagetune-restart";
  private static final String COLUMNS =
      "id, kind, host, target_id, target_key, hosts, group_name, reason, run_id, created_at, due_at,"
          + " expected_duration_ms, status, attempts, result, started_at, finished_at";
  private static final int ENQUEUE_ATTEMPTS = 5;
  private static final int MAX_REASON = 2000;

  private final StateStore store;

  public RestartQueue(StateStore store) {
    this.store = store;
  }

  StateStore store() {
    return store;
  }

  // ---- operations for the run and the CLI ----

  /**
   * Queues a restart, deduplicated by target: a queued intent for the same target takes it (one SAP
   * restart per SID, one per web server or database instance); a queued reboot of the host absorbs
   * it; a new reboot supersedes the queued restarts of its host.
   */
  public EnqueueResult enqueue(RestartRequest request) {
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

  /** Every intent in queue order: by due time, then by when it was queued. */
  public List<RestartIntent> list() {
    return list(EnumSet.allOf(IntentStatus.class));
  }

  public List<RestartIntent> list(Set<IntentStatus> statuses) {
    List<RestartIntent> all =
        store.inTransaction(
            c ->
                select(
                    c,
                    "SELECT " + COLUMNS + " FROM restart_intents ORDER BY due_at, created_at, id"));
    return all.stream().filter(i -> statuses.contains(i.status())).toList();
  }

  public Optional<RestartIntent> find(String id) {
    return store.inTransaction(c -> find(c, id));
  }

  /**
   * Intents whose id starts with {@code prefix}, so the CLI can accept the first characters of an
   * id as {@code git} does; more than one match means the prefix is ambiguous.
   */
  public List<RestartIntent> findByPrefix(String prefix) {
    if (prefix.isEmpty()) {
      return List.of();
    }
    String escaped = prefix.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    return store.inTransaction(
        c ->
            select(
                c,
                "SELECT "
                    + COLUMNS
                    + " FROM restart_intents WHERE id LIKE ? ESCAPE '!' ORDER BY id LIMIT 10",
                escaped + "%"));
  }

  /** Queued intents whose due time has come, in queue order. */
  public List<RestartIntent> due(Instant now) {
    return store.inTransaction(
        c ->
            select(
                c,
                "SELECT "
                    + COLUMNS
                    + " FROM restart_intents WHERE status = ? AND due_at <= ? ORDER BY due_at, created_at, id",
                IntentStatus.QUEUED.name(),
                now.toEpochMilli()));
  }

  /**
   * Cancels a queued intent (a running restart cannot be taken back).
   *
   * @return false when it is not queued (any more)
   */
  public boolean cancel(String id, String reason) {
    return settle(id, IntentStatus.CANCELLED, reason);
  }

  // ---- operations for the scheduler ----

  /** Moves a queued intent's due time (the execution row is moved by db-scheduler). */
  boolean postpone(String id, Instant until, String note) {
    return store.inTransaction(
        c ->
            update(
                    c,
                    "UPDATE restart_intents SET due_at = ?, result = ?, updated_at = ?"
                        + " WHERE id = ? AND status = ?",
                    until.toEpochMilli(),
                    note,
                    now(),
                    id,
                    IntentStatus.QUEUED.name())
                == 1);
  }

  /**
   * Makes a queued intent due at {@code at}, its execution too unless a scheduler has it now (that
   * one reschedules it itself).
   *
   * @return false when it is not queued (any more)
   */
  boolean dueAgain(String id, Instant at, String note) {
    return store.inTransaction(
        c -> {
          int n =
              update(
                  c,
                  "UPDATE restart_intents SET due_at = ?, result = ?, updated_at = ?"
                      + " WHERE id = ? AND status = ?",
                  at.toEpochMilli(),
                  note,
                  now(),
                  id,
                  IntentStatus.QUEUED.name());
          if (n == 1) {
            moveExecution(c, id, at);
          }
          return n == 1;
        });
  }

  /** Ends a queued intent without running it; its execution row goes too. */
  boolean settle(String id, IntentStatus status, String note) {
    return store.inTransaction(
        c -> {
          int n =
              update(
                  c,
                  "UPDATE restart_intents SET status = ?, result = ?, finished_at = ?,"
                      + " updated_at = ? WHERE id = ? AND status = ?",
                  status.name(),
                  note,
                  now(),
                  now(),
                  id,
                  IntentStatus.QUEUED.name());
          if (n == 1) {
            deleteExecution(c, id);
          }
          return n == 1;
        });
  }

  /**
   * Starts a restart: QUEUED → RUNNING under {@code token}, unless its group already runs its
   * pagetune_max_concurrent_restarts. The group row is written first: that serialises claims of one
   * group across nodes, so the RUNNING count cannot race.
   */
  ClaimResult claim(String id, String token) {
    return store.inTransaction(
        c -> {
          Optional<RestartIntent> intent = find(c, id);
          if (intent.isEmpty() || intent.get().status() != IntentStatus.QUEUED) {
            return ClaimResult.notQueued();
          }
          String group = intent.get().group();
          update(
              c, "UPDATE restart_groups SET lock_version = lock_version + 1 WHERE name = ?", group);
          long limit = scalar(c, "SELECT max_concurrent FROM restart_groups WHERE name = ?", group);
          long running =
              scalar(
                  c,
                  "SELECT count(*) FROM restart_intents WHERE group_name = ? AND status = ?",
                  group,
                  IntentStatus.RUNNING.name());
          if (running >= limit) {
            return ClaimResult.groupBusy();
          }
          int n =
              update(
                  c,
                  "UPDATE restart_intents SET status = ?, claim_token = ?, attempts = attempts + 1,"
                      + " started_at = ?, updated_at = ? WHERE id = ? AND status = ?",
                  IntentStatus.RUNNING.name(),
                  token,
                  now(),
                  now(),
                  id,
                  IntentStatus.QUEUED.name());
          if (n != 1) {
            return ClaimResult.notQueued();
          }
          return new ClaimResult(ClaimResult.Kind.CLAIMED, find(c, id));
        });
  }

  /**
   * Records the end of a restart; only the holder of the claim can. A FAILED restart also stops the
   * rest of its rolling group: its queued intents become BLOCKED with {@code blockReason}, in the
   * same transaction, so no claim can slip in between the failure and the block.
   *
   * @return false when the claim was lost (its node was declared dead and the restart revived)
   */
  boolean finish(String id, String token, IntentStatus status, String result, String blockReason) {
    return store.inTransaction(
        c -> {
          Optional<RestartIntent> intent = find(c, id);
          if (intent.isEmpty()) {
            return false;
          }
          String group = intent.get().group();
          // Same lock order as claim: the group row first.
          update(
              c, "UPDATE restart_groups SET lock_version = lock_version + 1 WHERE name = ?", group);
          int n =
              update(
                  c,
                  "UPDATE restart_intents SET status = ?, result = ?, finished_at = ?,"
                      + " updated_at = ? WHERE id = ? AND status = ? AND claim_token = ?",
                  status.name(),
                  result,
                  now(),
                  now(),
                  id,
                  IntentStatus.RUNNING.name(),
                  token);
          if (n == 1 && status == IntentStatus.FAILED) {
            blockGroup(c, group, blockReason);
          }
          return n == 1;
        });
  }

  private void blockGroup(Connection c, String group, String reason) throws SQLException {
    for (RestartIntent queued :
        select(
            c,
            "SELECT " + COLUMNS + " FROM restart_intents WHERE group_name = ? AND status = ?",
            group,
            IntentStatus.QUEUED.name())) {
      update(
          c,
          "UPDATE restart_intents SET status = ?, result = ?, finished_at = ?,"
              + " updated_at = ? WHERE id = ? AND status = ?",
          IntentStatus.BLOCKED.name(),
          reason,
          now(),
          now(),
          queued.id(),
          IntentStatus.QUEUED.name());
      deleteExecution(c, queued.id());
    }
  }

  /** What reviving a dead execution found. */
  enum Revival {
    /** The intent is queued again (or still was): reschedule the execution. */
    REQUEUED,
    /** Nothing left to run: the intent is final, or another queued intent takes the restart. */
    NOTHING_TO_RUN
  }

  /**
   * A node died holding {@code deadToken}: its restart goes back to QUEUED. Conditional on the dead
   * token, so a revival racing with a newer claim changes nothing.
   */
  Revival revive(String id, String deadToken, String note) {
    return store.inTransaction(
        c -> {
          Optional<RestartIntent> found = find(c, id);
          if (found.isEmpty() || found.get().status().isFinal()) {
            return Revival.NOTHING_TO_RUN;
          }
          RestartIntent intent = found.get();
          if (intent.status() == IntentStatus.QUEUED) {
            return Revival.REQUEUED;
          }
          Optional<RestartIntent> newer = findQueued(c, intent.key());
          if (newer.isPresent()) {
            update(
                c,
                "UPDATE restart_intents SET status = ?, result = ?, finished_at = ?,"
                    + " updated_at = ? WHERE id = ? AND status = ? AND claim_token = ?",
                IntentStatus.SUPERSEDED.name(),
                note + "; the restart is queued again as " + newer.get().id(),
                now(),
                now(),
                id,
                IntentStatus.RUNNING.name(),
                deadToken);
            return Revival.NOTHING_TO_RUN;
          }
          int n =
              update(
                  c,
                  "UPDATE restart_intents SET status = ?, claim_token = NULL, result = ?,"
                      + " updated_at = ? WHERE id = ? AND status = ? AND claim_token = ?",
                  IntentStatus.QUEUED.name(),
                  note,
                  now(),
                  id,
                  IntentStatus.RUNNING.name(),
                  deadToken);
          return n == 1 ? Revival.REQUEUED : Revival.NOTHING_TO_RUN;
        });
  }

  // ---- enqueue ----

  private EnqueueResult enqueue(Connection c, RestartRequest request) throws SQLException {
    RestartTarget target = request.target();
    upsertGroup(c, request.group(), request.maxConcurrent());
    if (!target.isReboot()) {
      Optional<RestartIntent> reboot = findQueued(c, RestartIntent.keyOf(rebootOf(target.host())));
      if (reboot.isPresent()) {
        return new EnqueueResult(
            EnqueueResult.Disposition.ABSORBED, merge(c, reboot.get(), request), List.of());
      }
    }
    Optional<RestartIntent> same = findQueued(c, RestartIntent.keyOf(target));
    if (same.isPresent()) {
      return new EnqueueResult(
          EnqueueResult.Disposition.MERGED, merge(c, same.get(), request), List.of());
    }
    RestartIntent created = insert(c, request);
    List<String> superseded = target.isReboot() ? supersede(c, created) : List.of();
    return new EnqueueResult(EnqueueResult.Disposition.NEW, created, superseded);
  }

  private static RestartTarget rebootOf(String host) {
    return RestartTarget.reboot(host);
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
        target.kind().toUpperCase(java.util.Locale.ROOT),
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
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO scheduled_tasks (task_name, task_instance, task_data, execution_time,"
                + " picked, picked_by, consecutive_failures, version, priority)"
                + " VALUES (?, ?, NULL, ?, ?, NULL, 0, 1, 0)")) {
      ps.setString(1, TASK_NAME);
      ps.setString(2, id);
      ps.setTimestamp(3, Timestamp.from(request.dueAt()));
      ps.setBoolean(4, false);
      ps.executeUpdate();
    }
    return find(c, id).orElseThrow();
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
      moveExecution(c, into.id(), due);
    }
    return find(c, into.id()).orElseThrow();
  }

  /**
   * A new reboot makes the queued restarts of its host unnecessary. A restart that also covers
   * other hosts (an SAP system) stays queued for those hosts only.
   */
  private List<String> supersede(Connection c, RestartIntent reboot) throws SQLException {
    String host = reboot.target().host();
    List<String> superseded = new ArrayList<>();
    for (RestartIntent queued :
        select(
            c,
            "SELECT " + COLUMNS + " FROM restart_intents WHERE status = ? AND id <> ?",
            IntentStatus.QUEUED.name(),
            reboot.id())) {
      if (!queued.hosts().contains(host)) {
        continue;
      }
      List<String> rest = queued.hosts().stream().filter(h -> !h.equals(host)).toList();
      if (rest.isEmpty()) {
        update(
            c,
            "UPDATE restart_intents SET status = ?, result = ?, finished_at = ?, updated_at = ?"
                + " WHERE id = ? AND status = ?",
            IntentStatus.SUPERSEDED.name(),
            "superseded by the reboot of " + host + " (" + reboot.id() + ")",
            now(),
            now(),
            queued.id(),
            IntentStatus.QUEUED.name());
        deleteExecution(c, queued.id());
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

  private static void moveExecution(Connection c, String id, Instant due) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE scheduled_tasks SET execution_time = ?, version = version + 1"
                + " WHERE task_name = ? AND task_instance = ? AND picked = ?")) {
      ps.setTimestamp(1, Timestamp.from(due));
      ps.setString(2, TASK_NAME);
      ps.setString(3, id);
      ps.setBoolean(4, false);
      ps.executeUpdate();
    }
  }

  /** Removes an execution nobody has picked; a picked one finds its intent final and ends. */
  private static void deleteExecution(Connection c, String id) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "DELETE FROM scheduled_tasks WHERE task_name = ? AND task_instance = ? AND picked = ?")) {
      ps.setString(1, TASK_NAME);
      ps.setString(2, id);
      ps.setBoolean(3, false);
      ps.executeUpdate();
    }
  }

  // ---- SQL helpers ----

  private long now() {
    return store.clock().millis();
  }

  private static String truncate(String reason) {
    return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON - 1) + "…";
  }

  private static Optional<RestartIntent> find(Connection c, String id) throws SQLException {
    return select(c, "SELECT " + COLUMNS + " FROM restart_intents WHERE id = ?", id).stream()
        .findFirst();
  }

  private static Optional<RestartIntent> findQueued(Connection c, String key) throws SQLException {
    return select(
            c,
            "SELECT " + COLUMNS + " FROM restart_intents WHERE target_key = ? AND status = ?",
            key,
            IntentStatus.QUEUED.name())
        .stream()
        .findFirst();
  }

  private static void bind(PreparedStatement ps, Object... params) throws SQLException {
    for (int i = 0; i < params.length; i++) {
      Object p = params[i];
      if (p == null) {
        ps.setNull(i + 1, java.sql.Types.VARCHAR);
      } else if (p instanceof String s) {
        ps.setString(i + 1, s);
      } else if (p instanceof Long l) {
        ps.setLong(i + 1, l);
      } else if (p instanceof Integer n) {
        ps.setInt(i + 1, n);
      } else {
        throw new IllegalArgumentException("unsupported parameter " + p.getClass());
      }
    }
  }

  private static int update(Connection c, String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      return ps.executeUpdate();
    }
  }

  private static long scalar(Connection c, String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException("no row for: " + sql);
        }
        return rs.getLong(1);
      }
    }
  }

  private static List<RestartIntent> select(Connection c, String sql, Object... params)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      List<RestartIntent> intents = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          intents.add(read(rs));
        }
      }
      return intents;
    }
  }

  private static RestartIntent read(ResultSet rs) throws SQLException {
    RestartTarget target =
        RestartTarget.stored(
            rs.getString("kind"),
            rs.getString("host"),
            rs.getString("target_id"),
            rs.getString("target_key"));
    return new RestartIntent(
        rs.getString("id"),
        target,
        Arrays.asList(rs.getString("hosts").split(",")),
        rs.getString("group_name"),
        rs.getString("reason"),
        rs.getString("run_id"),
        Instant.ofEpochMilli(rs.getLong("created_at")),
        Instant.ofEpochMilli(rs.getLong("due_at")),
        Duration.ofMillis(rs.getLong("expected_duration_ms")),
        IntentStatus.valueOf(rs.getString("status")),
        rs.getInt("attempts"),
        Optional.ofNullable(rs.getString("result")),
        optionalInstant(rs, "started_at"),
        optionalInstant(rs, "finished_at"));
  }

  private static Optional<Instant> optionalInstant(ResultSet rs, String column)
      throws SQLException {
    long millis = rs.getLong(column);
    return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
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
