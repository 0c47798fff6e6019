package io.pagetune.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The part of a task's result the comparison holds both tools to: {@code rc}, {@code stdout},
 * {@code stdout_lines}, {@code changed}, {@code failed}, {@code skipped}, {@code msg}, per loop
 * item too. Timing, {@code invocation}, {@code cmd} and each tool's own extra keys are left aside.
 * {@code changed}, {@code failed} and {@code skipped} that a tool leaves out read as false, as
 * Ansible's tests ({@code is changed}) read them. The per-run roots of the two tools read as {@code
 * <root>}. One message is not compared: the text of a template error, which is Python's wording in
 * ansible-playbook; both tools must still fail the task.
 */
final class RegisteredValues {
  private static final List<String> VALUES = List.of("rc", "stdout", "stdout_lines", "msg");
  private static final List<String> FLAGS = List.of("changed", "failed", "skipped");

  /** The messages ansible-playbook gives when a template could not be evaluated. */
  private static final Pattern TEMPLATE_ERROR =
      Pattern.compile(
          "is undefined|undefined variable|template error|error while evaluating|"
              + "Unexpected templating|unhandled exception occurred while templating|"
              + "The conditional check|Unable to look up|Invalid data passed to|"
              + "no filter named|no test named|TemplateSyntaxError|could not be converted",
          Pattern.CASE_INSENSITIVE);

  static final String TEMPLATE_ERROR_TEXT = "<template error>";

  private final Map<String, String> roots;

  /** {@code roots}: each tool's per-run root directory, and what it reads as. */
  RegisteredValues(Map<String, String> roots) {
    this.roots = roots;
  }

  JsonNode of(JsonNode result) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    for (String flag : FLAGS) {
      out.put(flag, result.path(flag).asBoolean(false));
    }
    for (String key : VALUES) {
      if (result.has(key)) {
        out.set(key, rooted(result.get(key)));
      }
    }
    if (out.path("failed").asBoolean() && isTemplateError(result.path("msg").asText(""))) {
      out.put("msg", TEMPLATE_ERROR_TEXT);
    }
    if (result.path("results").isArray()) {
      ArrayNode items = out.putArray("results");
      for (JsonNode item : result.path("results")) {
        items.add(of(item));
      }
    }
    return out;
  }

  static boolean isTemplateError(String msg) {
    return TEMPLATE_ERROR.matcher(msg).find();
  }

  /** A failed result of the other tool compares as a template error when ansible's was one. */
  static JsonNode alignTemplateError(JsonNode ansible, JsonNode pagetune) {
    if (TEMPLATE_ERROR_TEXT.equals(ansible.path("msg").asText())
        && pagetune.path("failed").asBoolean()
        && pagetune instanceof ObjectNode o) {
      ObjectNode copy = o.deepCopy();
      copy.put("msg", TEMPLATE_ERROR_TEXT);
      return copy;
    }
    return pagetune;
  }

  private JsonNode rooted(JsonNode value) {
    if (value.isTextual()) {
      String s = value.asText();
      for (Map.Entry<String, String> r : roots.entrySet()) {
        s = s.replace(r.getKey(), r.getValue());
      }
      return TextNode.valueOf(s);
    }
    if (value.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      value.forEach(v -> out.add(rooted(v)));
      return out;
    }
    if (value.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      value.fields().forEachRemaining(f -> out.set(f.getKey(), rooted(f.getValue())));
      return out;
    }
    return value;
  }
}
