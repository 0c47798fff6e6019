package io.pagetune.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The (host, task, path) changes a run reports in its {@code --output json} events: what a {@code
 * --check} run predicts and what an apply changed, read from the same place so they compare.
 */
public final class ChangeEvents {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ChangeEvents() {}

  /** The events of a run's stdout, one JSON object per line. */
  public static List<JsonNode> events(CliRun run) {
    List<JsonNode> out = new ArrayList<>();
    for (String line : run.out().split("\n")) {
      if (line.startsWith("{")) {
        try {
          out.add(JSON.readTree(line));
        } catch (IOException e) {
          throw new UncheckedIOException("not a JSON event: " + line, e);
        }
      }
    }
    return out;
  }

  /**
   * "host | task | path" for every path a task result names (loop summaries carry their items'),
   * sorted.
   */
  public static Set<String> of(CliRun run) {
    Set<String> changes = new TreeSet<>();
    for (JsonNode e : events(run)) {
      if (!e.path("event").asText().equals("host_result")) {
        continue;
      }
      for (JsonNode path : e.path("paths")) {
        changes.add(
            e.path("host").asText() + " | " + e.path("task").asText() + " | " + path.asText());
      }
    }
    return changes;
  }

  /** "host | task | status" for every task result, in event order. */
  public static List<String> statuses(CliRun run) {
    List<String> out = new ArrayList<>();
    for (JsonNode e : events(run)) {
      if (e.path("event").asText().equals("host_result")) {
        out.add(
            e.path("host").asText()
                + " | "
                + e.path("task").asText()
                + " | "
                + e.path("status").asText());
      }
    }
    return out;
  }
}
