package io.pagetune.template;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON as Ansible's {@code to_json} and {@code to_nice_json} write it (Python's {@code json.dumps}:
 * {@code ", "} and {@code ": "} separators, non-ASCII escaped; the nice form indented by four with
 * sorted keys), and {@code from_json}.
 */
final class PythonJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private PythonJson() {}

  static String dumps(Object v, boolean nice) {
    StringBuilder out = new StringBuilder();
    write(v, nice, 0, out);
    return out.toString();
  }

  private static void write(Object v, boolean nice, int depth, StringBuilder out) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof Boolean || v instanceof Long || v instanceof Integer) {
      out.append(v);
    } else if (v instanceof Number n) {
      out.append(PythonText.repr(n.doubleValue()));
    } else if (v instanceof Map<?, ?> m) {
      Map<?, ?> entries = nice ? sorted(m) : m;
      String[] brackets = {"{", "}"};
      List<Object> items = new ArrayList<>(entries.entrySet());
      container(
          items,
          brackets,
          nice,
          depth,
          out,
          (o, sb) -> {
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            string(String.valueOf(e.getKey()), sb);
            sb.append(": ");
            write(e.getValue(), nice, depth + 1, sb);
          });
    } else if (v instanceof Iterable<?> l) {
      List<Object> items = new ArrayList<>();
      l.forEach(items::add);
      container(
          items,
          new String[] {"[", "]"},
          nice,
          depth,
          out,
          (o, sb) -> write(o, nice, depth + 1, sb));
    } else {
      string(v.toString(), out);
    }
  }

  private interface Item {
    void write(Object item, StringBuilder out);
  }

  private static void container(
      List<Object> items,
      String[] brackets,
      boolean nice,
      int depth,
      StringBuilder out,
      Item each) {
    out.append(brackets[0]);
    if (items.isEmpty()) {
      out.append(brackets[1]);
      return;
    }
    String indent = nice ? "\n" + "    ".repeat(depth + 1) : "";
    for (int i = 0; i < items.size(); i++) {
      out.append(i == 0 ? "" : nice ? "," : ", ").append(indent);
      each.write(items.get(i), out);
    }
    out.append(nice ? "\n" + "    ".repeat(depth) : "").append(brackets[1]);
  }

  private static Map<String, Object> sorted(Map<?, ?> m) {
    Map<String, Object> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c > 0x7e) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  static Object loads(String text) {
    try {
      return plain(MAPPER.readValue(text, Object.class));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("from_json: not JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static Object plain(Object v) {
    if (v instanceof Integer i) {
      return i.longValue();
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), plain(x)));
      return out;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(x -> out.add(plain(x)));
      return out;
    }
    return v;
  }
}
