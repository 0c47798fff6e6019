package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The orders a rule fixture's tasks run in, and how its {@code expected.yml} names a task in an
 * order ({@code orders: - tasks: […]}, {@code refused_by}): by the task's {@code name} in {@code
 * tasks.yml}, else by its module. Two tasks of one module in a case that names orders must each
 * have a name, so that every order names its tasks unambiguously.
 */
final class TaskOrders {
  private TaskOrders() {}

  /** How {@code expected.yml} names {@code task}: its {@code name}, else its module. */
  static String key(Map<String, Object> task) {
    Object name = task.get("name");
    return String.valueOf(name != null ? name : task.get("module"));
  }

  static List<String> keys(List<Map<String, Object>> order) {
    return order.stream().map(TaskOrders::key).toList();
  }

  /** Fails when two tasks share a key, which an order in {@code expected.yml} could not tell. */
  static void assertKeysUnique(Path dir, List<Map<String, Object>> tasks) {
    List<String> keys = keys(tasks);
    assertEquals(
        keys.stream().distinct().toList(),
        keys,
        () -> dir + ": tasks share a key " + keys + "; give each a name in tasks.yml");
  }

  /** Every order of {@code tasks}. */
  static List<List<Map<String, Object>>> all(List<Map<String, Object>> tasks) {
    if (tasks.size() <= 1) {
      return List.of(tasks);
    }
    List<List<Map<String, Object>>> out = new ArrayList<>();
    for (int i = 0; i < tasks.size(); i++) {
      List<Map<String, Object>> rest = new ArrayList<>(tasks);
      Map<String, Object> first = rest.remove(i);
      for (List<Map<String, Object>> tail : all(rest)) {
        List<Map<String, Object>> o = new ArrayList<>();
        o.add(first);
        o.addAll(tail);
        out.add(o);
      }
    }
    return out;
  }

  /** The order in words, for failure messages. */
  static List<String> describe(List<Map<String, Object>> order) {
    return order.stream().map(t -> key(t) + " " + t.get("args")).toList();
  }
}
