package io.pagetune.schedule.queue;

import io.pagetune.state.Sha256;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

/**
 * The process behind a one-shot {@code run-due} scheduler, carried in the name it picks executions
 * under (db-scheduler's {@code picked_by}): pid, process start (a pid alone can be reused) and a
 * digest of the node. Another {@code run-due} on the same node can then tell at once that a restart
 * was picked by a process that is gone, instead of waiting for its heartbeats to go stale (which
 * stays the rule across nodes).
 */
record SchedulerProcess(long pid, long startedSecond, String nodeDigest) {
  private static final String PREFIX = "due-";

  /** This JVM on {@code node}. */
  static SchedulerProcess current(String node) {
    ProcessHandle self = ProcessHandle.current();
    return new SchedulerProcess(
        self.pid(),
        self.info().startInstant().map(Instant::getEpochSecond).orElse(0L),
        digest(node));
  }

  /** The scheduler name: this process, then {@code suffix} to tell its schedulers apart. */
  String name(String suffix) {
    return PREFIX + pid + "-" + Long.toString(startedSecond, 36) + "-" + nodeDigest + "-" + suffix;
  }

  /** The process of a name {@link #name} made; empty for any other scheduler's name. */
  static Optional<SchedulerProcess> parse(String name) {
    if (name == null || !name.startsWith(PREFIX)) {
      return Optional.empty();
    }
    String[] parts = name.substring(PREFIX.length()).split("-", 4);
    if (parts.length != 4) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new SchedulerProcess(Long.parseLong(parts[0]), Long.parseLong(parts[1], 36), parts[2]));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** True when this process ran on {@code node} and is gone (or its pid is another process now). */
  boolean goneFrom(String node) {
    if (!nodeDigest.equals(digest(node))) {
      return false;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return true;
    }
    Optional<Instant> started = process.get().info().startInstant();
    return startedSecond != 0
        && started.isPresent()
        && started.get().getEpochSecond() != startedSecond;
  }

  private static String digest(String node) {
    return Sha256.hex(node.getBytes(StandardCharsets.UTF_8)).substring(0, 8);
  }
}
