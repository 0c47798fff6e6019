package io.pagetune.schedule.queue;

import io.pagetune.schedule.RestartTarget;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A restart that must happen for persisted changes to become effective, stored in the state store
 * from the moment the change was applied.
 *
 * @param hosts the hosts whose changes this restart makes effective (several for one SAP system)
 * @param group the rolling group: at most its pagetune_max_concurrent_restarts run at once
 * @param runId the run that first asked for this restart
 * @param result the latest note: why it waits, the verification text, why it was cancelled
 * @param startedAt when the latest claim started running it
 * @param finishedAt when it reached a final status
 */
public record RestartIntent(
    String id,
    RestartTarget target,
    List<String> hosts,
    String group,
    String reason,
    String runId,
    Instant createdAt,
    Instant dueAt,
    Duration expectedDuration,
    IntentStatus status,
    int attempts,
    Optional<String> result,
    Optional<Instant> startedAt,
    Optional<Instant> finishedAt) {
  public RestartIntent {
    Objects.requireNonNull(id);
    Objects.requireNonNull(target);
    hosts = List.copyOf(hosts);
    Objects.requireNonNull(group);
    Objects.requireNonNull(reason);
    Objects.requireNonNull(runId);
    Objects.requireNonNull(createdAt);
    Objects.requireNonNull(dueAt);
    Objects.requireNonNull(expectedDuration);
    Objects.requireNonNull(status);
    Objects.requireNonNull(result);
    Objects.requireNonNull(startedAt);
    Objects.requireNonNull(finishedAt);
  }

  /**
   * The dedup key: one SAP system restart per SID across hosts, one web server or database restart
   * per host and instance, one reboot per host.
   */
  public static String keyOf(RestartTarget target) {
    return target.key();
  }

  public String key() {
    return keyOf(target);
  }

  public String describe() {
    return target.describe() + (hosts.size() > 1 ? " on " + String.join(", ", hosts) : "");
  }
}
