package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Every {@code notify} of a play names a handler (by name or {@code listen}), or is templated. */
final class NotifyTargets {
  private NotifyTargets() {}

  static void check(List<Task> handlers, List<List<TaskNode>> lists) {
    Set<String> known = new LinkedHashSet<>();
    for (Task h : handlers) {
      known.addAll(h.handlerNames());
    }
    List<Task> all = new ArrayList<>(handlers);
    for (List<TaskNode> l : lists) {
      all.addAll(TaskTree.tasks(l));
    }
    for (Task t : all) {
      for (String n : t.notifies()) {
        if (!known.contains(n) && !n.contains("${")) {
          throw new InputException(
              t.location(),
              "notify: no handler named or listening to '"
                  + n
                  + "'"
                  + Suggestions.didYouMean(n, known));
        }
      }
    }
  }
}
