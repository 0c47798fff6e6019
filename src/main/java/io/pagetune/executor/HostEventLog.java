package io.pagetune.executor;

import io.pagetune.report.RestartRan;
import io.pagetune.report.RunListener;
import io.pagetune.report.TaskOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * What one host's walk of a host-pinned play reported, each event filed under the {@link WalkKey}
 * its walk was at, so that {@link #replay} can give the listeners the events of all hosts in the
 * order the linear strategy gives them: a task's header once, then every host's results for it.
 */
final class HostEventLog implements RunListener {
  private record Header(String task, String location, boolean handler) {}

  private final WalkPosition position;
  private final Map<WalkKey, Header> headers = new LinkedHashMap<>();
  private final Map<WalkKey, List<Consumer<RunListener>>> events = new LinkedHashMap<>();

  HostEventLog(WalkPosition position) {
    this.position = position;
  }

  WalkPosition position() {
    return position;
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    headers.putIfAbsent(position.key(), new Header(task, location, handler));
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
    events.computeIfAbsent(position.key(), k -> new ArrayList<>()).add(event);
  }

  /**
   * Hands the logs' events to {@code out} in key order; within a key the hosts in the order given
   * (the play's host order), each host's events in the order they happened.
   */
  static void replay(List<HostEventLog> logs, RunListener out) {
    TreeMap<WalkKey, Header> allHeaders = new TreeMap<>();
    java.util.TreeSet<WalkKey> keys = new java.util.TreeSet<>();
    for (HostEventLog log : logs) {
      log.headers.forEach(allHeaders::putIfAbsent);
      keys.addAll(log.headers.keySet());
      keys.addAll(log.events.keySet());
    }
    for (WalkKey key : keys) {
      Header h = allHeaders.get(key);
      if (h != null) {
        out.taskStarted(h.task(), h.location(), h.handler());
      }
      for (HostEventLog log : logs) {
        for (Consumer<RunListener> event : log.events.getOrDefault(key, List.of())) {
          event.accept(out);
        }
      }
    }
  }
}
