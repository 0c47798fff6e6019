package io.pagetune.schedule.queue;

import java.time.Duration;
import java.util.Objects;

/**
 * How a restart scheduler polls and detects dead nodes.
 *
 * @param nodeName unique per running scheduler (db-scheduler's picked_by)
 * @param pollingInterval how often due restarts are looked for (sets the start precision)
 * @param threads restarts one node runs at once
 * @param heartbeatInterval how often a running restart proves its node alive
 * @param missedHeartbeats after this many missed heartbeats the node counts as dead
 * @param retryDelay wait before retrying when the group is busy or the store failed
 * @param shutdownMaxWait how long stopping waits for running restarts
 */
public record SchedulerOptions(
    String nodeName,
    Duration pollingInterval,
    int threads,
    Duration heartbeatInterval,
    int missedHeartbeats,
    Duration retryDelay,
    Duration shutdownMaxWait) {
  public SchedulerOptions {
    Objects.requireNonNull(nodeName);
    Objects.requireNonNull(pollingInterval);
    Objects.requireNonNull(heartbeatInterval);
    Objects.requireNonNull(retryDelay);
    Objects.requireNonNull(shutdownMaxWait);
    if (threads < 1 || missedHeartbeats < 1) {
      throw new IllegalArgumentException("threads and missedHeartbeats must be at least 1");
    }
    if (nodeName.isBlank() || nodeName.length() > 40) {
      throw new IllegalArgumentException("node name must be 1 to 40 characters: " + nodeName);
    }
  }

  /** Polls every 10 s; a node missing 5 one-minute heartbeats is dead. */
  public static SchedulerOptions defaults(String nodeName) {
    return new SchedulerOptions(
        nodeName,
        Duration.ofSeconds(10),
        4,
        Duration.ofMinutes(1),
        5,
        Duration.ofMinutes(1),
        Duration.ofMinutes(10));
  }

  public SchedulerOptions withPollingInterval(Duration interval) {
    return new SchedulerOptions(
        nodeName,
        interval,
        threads,
        heartbeatInterval,
        missedHeartbeats,
        retryDelay,
        shutdownMaxWait);
  }

  public SchedulerOptions withHeartbeat(Duration interval, int missed) {
    return new SchedulerOptions(
        nodeName, pollingInterval, threads, interval, missed, retryDelay, shutdownMaxWait);
  }

  public SchedulerOptions withThreads(int count) {
    return new SchedulerOptions(
        nodeName,
        pollingInterval,
        count,
        heartbeatInterval,
        missedHeartbeats,
        retryDelay,
        shutdownMaxWait);
  }

  public SchedulerOptions withRetryDelay(Duration delay) {
    return new SchedulerOptions(
        nodeName,
        pollingInterval,
        threads,
        heartbeatInterval,
        missedHeartbeats,
        delay,
        shutdownMaxWait);
  }

  public SchedulerOptions withShutdownMaxWait(Duration wait) {
    return new SchedulerOptions(
        nodeName, pollingInterval, threads, heartbeatInterval, missedHeartbeats, retryDelay, wait);
  }
}
