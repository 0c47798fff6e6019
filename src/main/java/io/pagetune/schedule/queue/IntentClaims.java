package io.pagetune.schedule.queue;

import static io.pagetune.schedule.queue.IntentRows.find;
import static io.pagetune.schedule.queue.IntentRows.update;

import io.pagetune.schedule.RestartCatalog;
import io.pagetune.state.StateStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Running an intent exactly once: the conditional claim (QUEUED → RUNNING under a token) that alone
 * can start a restart, the end only the claim's holder can record, and the revival of a claim whose
 * node died.
 */
final class IntentClaims {
  private static final String LOCK_GROUP =
      "UPDATE restart_groups SET lock_version = lock_version + 1 WHERE name = ?";

  private final StateStore store;
  private final RestartCatalog kinds;

  IntentClaims(StateStore store, RestartCatalog kinds) {
    this.store = store;
    this.kinds = kinds;
  }

  /** What reviving a dead execution found. */
  enum Revival {
    /** The intent is queued again (or still was): reschedule the execution. */
    REQUEUED,
    /** Nothing left to run: the intent is final, or another queued intent takes the restart. */
    NOTHING_TO_RUN
  }

  /**
   * Starts a restart: QUEUED → RUNNING under {@code token}, unless its group already runs its
   * pagetune_max_concurrent_restarts. The group row is written first: that serialises claims of one
   * group across nodes, so the RUNNING count cannot race.
   */
  ClaimResult claim(String id, String token) {
    return store.inTransaction(
        c -> {
          Optional<RestartIntent> intent = find(c, kinds, id);
          if (intent.isEmpty() || intent.get().status() != IntentStatus.QUEUED) {
            return ClaimResult.notQueued();
          }
          String group = intent.get().group();
          update(c, LOCK_GROUP, group);
          long limit =
              IntentRows.scalar(
                  c, "SELECT max_concurrent FROM restart_groups WHERE name = ?", group);
          long running =
              IntentRows.scalar(
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
          return new ClaimResult(ClaimResult.Kind.CLAIMED, find(c, kinds, id));
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
          Optional<RestartIntent> intent = find(c, kinds, id);
          if (intent.isEmpty()) {
            return false;
          }
          String group = intent.get().group();
          // Same lock order as claim: the group row first.
          update(c, LOCK_GROUP, group);
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
        IntentRows.select(
            c,
            kinds,
            IntentRows.SELECT + " WHERE group_name = ? AND status = ?",
            group,
            IntentStatus.QUEUED.name())) {
      update(
          c,
          IntentRows.END_QUEUED,
          IntentStatus.BLOCKED.name(),
          reason,
          now(),
          now(),
          queued.id(),
          IntentStatus.QUEUED.name());
      RestartExecutions.delete(c, queued.id());
    }
  }

  /**
   * A node died holding {@code deadToken}: its restart goes back to QUEUED. Conditional on the dead
   * token, so a revival racing with a newer claim changes nothing.
   */
  Revival revive(String id, String deadToken, String note) {
    return store.inTransaction(
        c -> {
          Optional<RestartIntent> found = find(c, kinds, id);
          if (found.isEmpty() || found.get().status().isFinal()) {
            return Revival.NOTHING_TO_RUN;
          }
          RestartIntent intent = found.get();
          if (intent.status() == IntentStatus.QUEUED) {
            return Revival.REQUEUED;
          }
          Optional<RestartIntent> newer = IntentRows.findQueued(c, kinds, intent.key());
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

  private long now() {
    return store.clock().millis();
  }
}
