package io.pagetune.executor.play;

import io.pagetune.report.RunListener;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The output of a host-pinned play, streamed: the events at a {@link WalkKey} (a task, a handler)
 * go to the listeners as soon as every host of the play has passed that key or finished the play,
 * in the linear strategy's order (keys in order, hosts in the play's order within a key). So a
 * task's block shows once its slowest host is done with it, not when the play ends, and the output
 * reads as a linear run's. A host's walk only moves forward in key order, so the key of its last
 * event is a mark below which it files nothing more.
 */
final class PinnedOutput {
  private final List<HostEventLog> logs;
  private final RunListener out;

  /** How many walking hosts have their mark at each key: the lowest bounds what may go out. */
  private final TreeMap<WalkKey, Integer> marks = new TreeMap<>();

  private final Map<HostEventLog, WalkKey> markOf = new HashMap<>();
  private final TreeSet<WalkKey> pending = new TreeSet<>();

  /** Streams the events of {@code logs} (in the play's host order) to {@code out}. */
  PinnedOutput(List<HostEventLog> logs, RunListener out) {
    this.logs = List.copyOf(logs);
    this.out = out;
    WalkKey start = new WalkKey(List.of());
    for (HostEventLog log : this.logs) {
      synchronized (this) {
        pending.addAll(log.keys());
        markOf.put(log, start);
        marks.merge(start, 1, Integer::sum);
      }
      log.reportTo(this);
    }
  }

  /** {@code log}'s host filed something at {@code key} (the caller holds this lock). */
  void reached(HostEventLog log, WalkKey key) {
    pending.add(key);
    WalkKey before = markOf.get(log);
    if (before != null && !before.equals(key)) {
      drop(before);
      markOf.put(log, key);
      marks.merge(key, 1, Integer::sum);
      release();
    }
  }

  /** {@code log}'s host is done with the play: nothing of it holds the output back any more. */
  synchronized void finished(HostEventLog log) {
    WalkKey mark = markOf.remove(log);
    if (mark != null) {
      drop(mark);
    }
    release();
  }

  /** Every host is done (or will never start): the rest goes out. */
  synchronized void finishAll() {
    markOf.clear();
    marks.clear();
    release();
  }

  private void drop(WalkKey mark) {
    marks.computeIfPresent(mark, (k, n) -> n == 1 ? null : n - 1);
  }

  private void release() {
    WalkKey low = marks.isEmpty() ? null : marks.firstKey();
    while (!pending.isEmpty() && (low == null || pending.first().compareTo(low) < 0)) {
      HostEventLog.emit(logs, pending.pollFirst(), out);
    }
  }
}
