package io.pagetune.executor.play;

import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.Task;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code run_once}: the task runs on the first host of the batch only, and what it registered or
 * set (its new set_fact, register and include_vars values) is given to every other host of the
 * batch, as Ansible does. The recap counts the task on the host that ran it.
 */
final class RunOnce {
  private final HostRun first;
  private final List<HostRun> others;
  private final Map<String, Object> before;
  private final Map<String, Object> includedBefore;

  private RunOnce(HostRun first, List<HostRun> others) {
    this.first = first;
    this.others = others;
    this.before = new LinkedHashMap<>(first.setFacts());
    this.includedBefore = new LinkedHashMap<>(first.includedVars());
  }

  /** Null when there is no host to run on. */
  static RunOnce start(Task task, List<HostRun> hosts) {
    return hosts.isEmpty()
        ? null
        : new RunOnce(hosts.get(0), List.copyOf(hosts.subList(1, hosts.size())));
  }

  /** The hosts that really run the task: the first one. */
  List<HostRun> runner() {
    return List.of(first);
  }

  /** Gives the first host's new values to the others; call once the task has run. */
  void share() {
    Map<String, Object> facts = changed(before, first.setFacts());
    Map<String, Object> included = changed(includedBefore, first.includedVars());
    for (HostRun h : others) {
      h.setFacts().putAll(facts);
      h.includedVars().putAll(included);
    }
  }

  private static Map<String, Object> changed(Map<String, Object> before, Map<String, Object> now) {
    Map<String, Object> out = new LinkedHashMap<>();
    now.forEach(
        (k, v) -> {
          // the values are stored once and never mutated: identity says what the task set
          if (!before.containsKey(k) || before.get(k) != v) {
            out.put(k, v);
          }
        });
    return out;
  }
}
