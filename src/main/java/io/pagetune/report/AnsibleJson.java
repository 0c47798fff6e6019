package io.pagetune.report;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON as Ansible's callbacks print a result: Python's {@code json.dumps(sort_keys=True,
 * ensure_ascii=False)} with an indent of four, or Ansible's one-line form (indent 0 with the line
 * breaks taken out: {@code {"changed": false,"ping": "pong"}}).
 */
public final class AnsibleJson {
  private AnsibleJson() {}

  /** Indented by four spaces, keys sorted, as {@code ansible HOST -m MODULE} prints a result. */
  public static String pretty(Object value) {
    StringBuilder sb = new StringBuilder();
    write(value, "    ", "\n", 0, sb);
    return sb.toString();
  }

  /** On one line, as {@code ansible -o} prints a result. */
  public static String oneLine(Object value) {
    StringBuilder sb = new StringBuilder();
    write(value, "", "", 0, sb);
    return sb.toString();
  }

  private static void write(Object v, String indent, String nl, int depth, StringBuilder sb) {
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> sorted = new TreeMap<>();
      m.forEach((k, x) -> sorted.put(String.valueOf(k), x));
      if (sorted.isEmpty()) {
        sb.append("{}");
        return;
      }
      sb.append('{');
      String sep = "";
      for (Map.Entry<String, Object> e : sorted.entrySet()) {
        sb.append(sep).append(nl).append(indent.repeat(depth + 1));
        string(e.getKey(), sb);
        sb.append(": ");
        write(e.getValue(), indent, nl, depth + 1, sb);
        sep = ",";
      }
      sb.append(nl).append(indent.repeat(depth)).append('}');
    } else if (v instanceof List<?> l) {
      if (l.isEmpty()) {
        sb.append("[]");
        return;
      }
      sb.append('[');
      String sep = "";
      for (Object x : l) {
        sb.append(sep).append(nl).append(indent.repeat(depth + 1));
        write(x, indent, nl, depth + 1, sb);
        sep = ",";
      }
      sb.append(nl).append(indent.repeat(depth)).append(']');
    } else if (v == null) {
      sb.append("null");
    } else if (v instanceof Boolean || v instanceof Number) {
      sb.append(v);
    } else {
      string(String.valueOf(v), sb);
    }
  }

  private static void string(String s, StringBuilder sb) {
    sb.append('"').append(JsonStringEncoder.getInstance().quoteAsString(s)).append('"');
  }
}
