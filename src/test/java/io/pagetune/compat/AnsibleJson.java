package io.pagetune.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads what ansible-playbook printed through the {@code ansible.posix.json} stdout callback. */
final class AnsibleJson {
  /**
   * Actions that only bring other tasks in: ansible's callback lists them as tasks of their own,
   * pagetune does not (their effect shows in the tasks they bring).
   */
  private static final Set<String> INCLUDES =
      Set.of(
          "include_tasks",
          "ansible.builtin.include_tasks",
          "include_role",
          "ansible.builtin.include_role",
          "include",
          "ansible.builtin.include");

  private static final Map<String, String> STATS =
      Map.of(
          "ok", "ok",
          "changed", "changed",
          "unreachable", "unreachable",
          "failures", "failed",
          "skipped", "skipped",
          "rescued", "rescued",
          "ignored", "ignored");

  private AnsibleJson() {}

  static ToolRun read(String stdout, String log) {
    int start = stdout.indexOf('{');
    if (start < 0) {
      throw new AssertionError("ansible-playbook printed no JSON:\n" + stdout + "\n" + log);
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(stdout.substring(start));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, List<TaskRecord>> tasks = new LinkedHashMap<>();
    for (JsonNode play : root.path("plays")) {
      for (JsonNode task : play.path("tasks")) {
        String name = task.path("task").path("name").asText();
        task.path("hosts")
            .fields()
            .forEachRemaining(
                h -> {
                  if (!INCLUDES.contains(h.getValue().path("action").asText())) {
                    tasks
                        .computeIfAbsent(h.getKey(), k -> new ArrayList<>())
                        .add(new TaskRecord(name, h.getValue()));
                  }
                });
      }
    }
    Map<String, Map<String, Integer>> recap = new LinkedHashMap<>();
    root.path("stats")
        .fields()
        .forEachRemaining(
            h -> {
              Map<String, Integer> counts = new LinkedHashMap<>();
              STATS.forEach((from, to) -> counts.put(to, h.getValue().path(from).asInt()));
              recap.put(h.getKey(), Recap.ordered(counts));
            });
    return new ToolRun(tasks, recap, log);
  }
}
