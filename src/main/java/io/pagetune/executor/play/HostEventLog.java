package io.pagetune.executor.play;

import io.pagetune.report.RestartRan;
import io.pagetune.report.RunListener;
import io.pagetune.report.TaskOutcome;
import io.pagetune.report.TaskTiming;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What one host's walk of a host-pinned play reported, each event filed under the {@link WalkKey}
 * its walk was at, so that a {@link PinnedOutput} can give the listeners the events of all hosts in
 * the order the linear strategy gives them: a task's header once, then every host's results for it.
 * When each host started and last reported at a key is kept too, so that the output can say how
 * long each task really took ({@link RunListener#taskTimed}).
 */
final class HostEventLog implements RunListener {
  private record Header(String task, String location, boolean handler) {}

  private final String host;
  private final WalkPosition position;
  private final Clock clock;
  private final Map<WalkKey, Header> headers = new LinkedHashMap<>();
  private final Map<WalkKey, List<Consumer<RunListener>>> events = new LinkedHashMap<>();
  private final Map<WalkKey, Instant> started = new LinkedHashMap<>();
  private final Map<WalkKey, Instant> lastEvent = new LinkedHashMap<>();

  /** Set once before the walk starts; until then this log is its own lock. */
  private PinnedOutput output;

  HostEventLog(String host, WalkPosition position, Clock clock) {
    this.host = host;
    this.position = position;
    this.clock = clock;
  }

  WalkPosition position() {
    return position;
  }

  /** From now on each event is told to {@code output}, which may pass on what every host passed. */
  void reportTo(PinnedOutput output) {
    synchronized (output) {
      this.output = output;
    }
  }

  private Object lock() {
    return output != null ? output : this;
  }

  private void reached(WalkKey key) {
    if (output != null) {
      output.reached(this, key);
    }
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    WalkKey key = position.key();
    synchronized (lock()) {
      headers.putIfAbsent(key, new Header(task, location, handler));
      started.putIfAbsent(key, clock.instant());
      reached(key);
    }
  }

  @Override
  public void hostResult(TaskOutcome outcome) {
    file(l -> l.hostResult(outcome));
  }

  @Override
  public void warning(String message) {
    file(l -> l.warning(message));
  }

  @Override
  public void restartRan(RestartRan restart) {
    file(l -> l.restartRan(restart));
  }

  private void file(Consumer<RunListener> event) {
    WalkKey key = position.key();
    synchronized (lock()) {
      events.computeIfAbsent(key, k -> new ArrayList<>()).add(event);
      lastEvent.put(key, clock.instant());
      reached(key);
    }
  }

  /** The keys this host has a header or events under (the caller holds the output's lock). */
  java.util.Set<WalkKey> keys() {
    java.util.Set<WalkKey> keys = new java.util.HashSet<>(headers.keySet());
    keys.addAll(events.keySet());
    return keys;
  }

  /**
   * Hands the logs' events to {@code out} in key order; within a key the hosts in the order given
   * (the play's host order), each host's events in the order they happened.
   */
  static void replay(List<HostEventLog> logs, RunListener out) {
    new PinnedOutput(logs, out).finishAll();
  }

  /**
   * Hands {@code out} the header, timing and every host's events at {@code key}, then forgets them:
   * nothing files under a key once every host passed it (the caller holds the output's lock).
   */
  static void emit(List<HostEventLog> logs, WalkKey key, RunListener out) {
    for (HostEventLog log : logs) {
      Header h = log.headers.get(key);
      if (h != null) {
        out.taskStarted(h.task(), h.location(), h.handler());
        out.taskTimed(timing(logs, key));
        break;
      }
    }
    for (HostEventLog log : logs) {
      for (Consumer<RunListener> event : log.events.getOrDefault(key, List.of())) {
        event.accept(out);
      }
    }
    for (HostEventLog log : logs) {
      log.headers.remove(key);
      log.events.remove(key);
      log.started.remove(key);
      log.lastEvent.remove(key);
    }
  }

  /** Each host's time at {@code key}, start to last event, and the span over all of them. */
  private static TaskTiming timing(List<HostEventLog> logs, WalkKey key) {
    Map<String, Duration> hosts = new LinkedHashMap<>();
    Instant first = null;
    Instant last = null;
    for (HostEventLog log : logs) {
      Instant start = log.started.get(key);
      if (start == null) {
        continue;
      }
      Instant end = log.lastEvent.getOrDefault(key, start);
      hosts.put(log.host, nonNegative(Duration.between(start, end)));
      first = first == null || start.isBefore(first) ? start : first;
      last = last == null || end.isAfter(last) ? end : last;
    }
    Duration wall = first == null ? Duration.ZERO : nonNegative(Duration.between(first, last));
    return new TaskTiming(wall, hosts);
  }

  private static Duration nonNegative(Duration d) {
    return d.isNegative() ? Duration.ZERO : d;
  }
}
