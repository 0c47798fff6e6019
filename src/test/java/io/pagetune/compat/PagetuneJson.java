package io.pagetune.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the events {@code pagetune run --output json} printed, one JSON object per line. */
final class PagetuneJson {
  private PagetuneJson() {}

  static ToolRun read(String stdout, String log) {
    ObjectMapper mapper = new ObjectMapper();
    Map<String, List<TaskRecord>> tasks = new LinkedHashMap<>();
    Map<String, Map<String, Integer>> recap = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      if (!line.startsWith("{")) {
        continue;
      }
      JsonNode event;
      try {
        event = mapper.readTree(line);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      switch (event.path("event").asText()) {
        case "host_result" -> {
          // an include_tasks' own result (its "include" names the file) is left out, as the
          // ansible side leaves out its include actions: what it brings in is compared
          if (!event.path("result").has("include")) {
            tasks
                .computeIfAbsent(event.path("host").asText(), k -> new ArrayList<>())
                .add(new TaskRecord(event.path("task").asText(), event.path("result")));
          }
        }
        case "run_finished" ->
            event
                .path("recap")
                .fields()
                .forEachRemaining(
                    h -> {
                      Map<String, Integer> counts = new LinkedHashMap<>();
                      for (String key : Recap.KEYS) {
                        counts.put(key, h.getValue().path(key).asInt());
                      }
                      recap.put(h.getKey(), counts);
                    });
        default -> {}
      }
    }
    return new ToolRun(tasks, recap, log);
  }
}
