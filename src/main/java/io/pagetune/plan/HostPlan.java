package io.pagetune.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One host's part of a plan: the facts it rests on and its tasks in order.
 *
 * @param facts the host's {@code ansible_facts} when the plan was made (page states included)
 */
public record HostPlan(String host, Map<String, Object> facts, List<TaskPlan> tasks) {
  public HostPlan {
    Objects.requireNonNull(host, "host");
    facts = facts == null ? Map.of() : facts;
    tasks = tasks == null ? List.of() : List.copyOf(tasks);
  }

  /** Every write of this host, in the order the run makes them. */
  public List<PlannedWrite> writes() {
    return tasks.stream().flatMap(t -> t.writes().stream()).toList();
  }
}
