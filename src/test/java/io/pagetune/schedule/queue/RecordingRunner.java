package io.pagetune.schedule.queue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Counts how often each intent ran and how many of one group ran at the same time. */
final class RecordingRunner implements RestartRunner {
  private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> runningPerGroup = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> peakPerGroup = new ConcurrentHashMap<>();
  private final Function<RestartIntent, RunOutcome> behaviour;
  private final long sleepMillis;

  RecordingRunner(long sleepMillis, Function<RestartIntent, RunOutcome> behaviour) {
    this.sleepMillis = sleepMillis;
    this.behaviour = behaviour;
  }

  static RecordingRunner verifying() {
    return new RecordingRunner(0, i -> RunOutcome.done("pages verified on " + i.target().host()));
  }

  @Override
  public RunOutcome run(RestartIntent intent) {
    runs.computeIfAbsent(intent.id(), k -> new AtomicInteger()).incrementAndGet();
    AtomicInteger running =
        runningPerGroup.computeIfAbsent(intent.group(), k -> new AtomicInteger());
    int now = running.incrementAndGet();
    peakPerGroup
        .computeIfAbsent(intent.group(), k -> new AtomicInteger())
        .accumulateAndGet(now, Math::max);
    try {
      if (sleepMillis > 0) {
        Thread.sleep(sleepMillis);
      }
      return behaviour.apply(intent);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return RunOutcome.failed("interrupted");
    } finally {
      running.decrementAndGet();
    }
  }

  int runsOf(String intentId) {
    AtomicInteger n = runs.get(intentId);
    return n == null ? 0 : n.get();
  }

  int totalRuns() {
    return runs.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  Map<String, Integer> runCounts() {
    Map<String, Integer> copy = new ConcurrentHashMap<>();
    runs.forEach((k, v) -> copy.put(k, v.get()));
    return copy;
  }

  int peak(String group) {
    AtomicInteger n = peakPerGroup.get(group);
    return n == null ? 0 : n.get();
  }
}
