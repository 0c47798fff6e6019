package io.pagetune.executor.play;

import io.pagetune.playbook.Task;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * {@code throttle}: one gate per task, shared by the hosts that run it (under {@code free} too),
 * letting at most that many hosts run the task at once.
 */
final class TaskThrottles {
  private final Map<Task, Semaphore> gates = Collections.synchronizedMap(new IdentityHashMap<>());

  /** Runs one host's share of the task, waiting for a place when the task is throttled. */
  void run(Task task, Runnable work) {
    Integer limit = task.keywords().throttle();
    if (limit == null || limit <= 0) {
      work.run();
      return;
    }
    Semaphore gate = gates.computeIfAbsent(task, t -> new Semaphore(limit));
    gate.acquireUninterruptibly();
    try {
      work.run();
    } finally {
      gate.release();
    }
  }
}
