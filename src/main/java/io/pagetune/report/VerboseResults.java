package io.pagetune.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -v}: after each host's result line, the result a {@code register} would store, as one JSON
 * line ({@code no_log} results are already stripped). Loop summaries are left out: their items were
 * shown one by one.
 */
public final class VerboseResults implements RunListener {
  private final PrintStream out;
  private final ObjectMapper mapper = new ObjectMapper();

  public VerboseResults(PrintStream out) {
    this.out = out;
  }

  @Override
  public void hostResult(TaskOutcome o) {
    if (o.result().isEmpty() || (o.loop() && o.status() != Status.FAILED)) {
      return;
    }
    String json;
    try {
      json = mapper.writeValueAsString(plain(o.result()));
    } catch (JsonProcessingException e) {
      json = "(result not printable: " + e.getOriginalMessage() + ")";
    }
    out.println(
        "  ["
            + o.host()
            + "]"
            + (o.item() == null ? "" : " (item=" + o.item() + ")")
            + " => "
            + json);
  }

  /** Maps, lists, strings, numbers and booleans as they are; anything else as its text. */
  private static Object plain(Object v) {
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> copy = new LinkedHashMap<>();
      m.forEach((k, x) -> copy.put(String.valueOf(k), plain(x)));
      return copy;
    }
    if (v instanceof List<?> l) {
      List<Object> copy = new ArrayList<>();
      l.forEach(x -> copy.add(plain(x)));
      return copy;
    }
    if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) {
      return v;
    }
    return String.valueOf(v);
  }
}
