package io.pagetune.compat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compares what two tools did on the same hosts: the recap line of each host, and per host the
 * tasks in the order they ran (name and registered values, see {@link RegisteredValues}).
 */
final class RunComparison {
  private final RegisteredValues values;

  RunComparison(RegisteredValues values) {
    this.values = values;
  }

  /** The differences on {@code hosts}, each a line naming the host and the task. */
  List<String> differences(List<String> hosts, ToolRun ansible, ToolRun pagetune) {
    List<String> out = new ArrayList<>();
    for (String host : hosts) {
      Map<String, Integer> a = ansible.recap().getOrDefault(host, Recap.none());
      Map<String, Integer> p = pagetune.recap().getOrDefault(host, Recap.none());
      if (!a.equals(p)) {
        out.add(host + ": recap: ansible " + a + ", pagetune " + p);
      }
      out.addAll(taskDifferences(host, ansible.tasksOf(host), pagetune.tasksOf(host)));
    }
    return out;
  }

  List<String> taskDifferences(String host, List<TaskRecord> ansible, List<TaskRecord> pagetune) {
    List<String> out = new ArrayList<>();
    int n = Math.max(ansible.size(), pagetune.size());
    for (int i = 0; i < n; i++) {
      if (i >= ansible.size() || i >= pagetune.size()) {
        out.add(
            host
                + ": task "
                + (i + 1)
                + ": only "
                + (i >= ansible.size()
                    ? "pagetune ran '" + pagetune.get(i).task()
                    : "ansible ran '")
                + (i >= ansible.size() ? "" : ansible.get(i).task())
                + "'");
        continue;
      }
      TaskRecord a = ansible.get(i);
      TaskRecord p = pagetune.get(i);
      String where = host + ": task " + (i + 1) + " '" + a.task() + "'";
      if (!a.task().equals(p.task())) {
        out.add(where + ": pagetune ran '" + p.task() + "' here");
        continue;
      }
      JsonNode av = values.of(a.result());
      JsonNode pv = RegisteredValues.alignTemplateError(av, values.of(p.result()));
      if (!JsonValues.same(av, pv)) {
        out.add(where + ": ansible " + av + ", pagetune " + pv);
      }
    }
    return out;
  }
}
