package io.pagetune.schedule.queue;

import io.pagetune.schedule.RestartCatalog;
import io.pagetune.state.StateStore;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The durable restart queue, as the run and the CLI use it: queue a restart, list and find intents,
 * cancel one. Each queued intent has a db-scheduler execution ({@link RestartExecutions}) written
 * in the same transaction, so an intent can never be queued without something that will run it.
 *
 * <p>Exactly-once rests on the intent row: only a conditional {@code UPDATE … WHERE status =
 * 'QUEUED'} can start a restart ({@link IntentClaims}), whatever db-scheduler does.
 */
public final class RestartQueue {
  private static final String IN_QUEUE_ORDER = " ORDER BY due_at, created_at, id";

  private final StateStore store;
  private final RestartCatalog kinds;

  /** A queue that knows only the kinds it owns (a reboot, a service); others read by name. */
  public RestartQueue(StateStore store) {
    this(store, RestartCatalog.hostOnly());
  }

  /**
   * @param kinds the restart kinds, named and scoped as their targets declare, that the intents
   *     read from the store are built with
   */
  public RestartQueue(StateStore store, RestartCatalog kinds) {
    this.store = store;
    this.kinds = kinds;
  }

  StateStore store() {
    return store;
  }

  /** The restart kinds this queue builds the targets of its stored intents with. */
  public RestartCatalog kinds() {
    return kinds;
  }

  /**
   * Queues a restart, deduplicated by target: a queued intent for the same target takes it; a
   * queued reboot of the host absorbs it; a new reboot supersedes the queued restarts of its host.
   */
  public EnqueueResult enqueue(RestartRequest request) {
    return new RestartEnqueuer(store, kinds).enqueue(request);
  }

  /** Every intent in queue order: by due time, then by when it was queued. */
  public List<RestartIntent> list() {
    return list(EnumSet.allOf(IntentStatus.class));
  }

  public List<RestartIntent> list(Set<IntentStatus> statuses) {
    List<RestartIntent> all =
        store.inTransaction(c -> IntentRows.select(c, kinds, IntentRows.SELECT + IN_QUEUE_ORDER));
    return all.stream().filter(i -> statuses.contains(i.status())).toList();
  }

  public Optional<RestartIntent> find(String id) {
    return store.inTransaction(c -> IntentRows.find(c, kinds, id));
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
            IntentRows.select(
                c,
                kinds,
                IntentRows.SELECT + " WHERE id LIKE ? ESCAPE '!' ORDER BY id LIMIT 10",
                escaped + "%"));
  }

  /** Queued intents whose due time has come, in queue order. */
  public List<RestartIntent> due(Instant now) {
    return store.inTransaction(
        c ->
            IntentRows.select(
                c,
                kinds,
                IntentRows.SELECT + " WHERE status = ? AND due_at <= ?" + IN_QUEUE_ORDER,
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

  /** Ends a queued intent without running it; its execution row goes too. */
  boolean settle(String id, IntentStatus status, String note) {
    return store.inTransaction(
        c -> {
          long now = store.clock().millis();
          int n =
              IntentRows.update(
                  c,
                  IntentRows.END_QUEUED,
                  status.name(),
                  note,
                  now,
                  now,
                  id,
                  IntentStatus.QUEUED.name());
          if (n == 1) {
            RestartExecutions.delete(c, id);
          }
          return n == 1;
        });
  }
}
