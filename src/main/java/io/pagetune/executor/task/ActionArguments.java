package io.pagetune.executor.task;

import io.pagetune.template.HostText;
import io.pagetune.template.TemplateEngine;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What ansible-core's action plugins do to a module's rendered arguments on the controller, before
 * the module sees them: {@code set_fact} reads the text {@code true}/{@code false}/{@code yes}/
 * {@code no} (any case) as a boolean, and {@code copy} writes a dict or list {@code content} as
 * JSON ({@code json.dumps}), as its action plugin does.
 */
final class ActionArguments {
  private static final Set<String> BOOLEAN_WORDS = Set.of("true", "false", "yes", "no");

  private ActionArguments() {}

  static Map<String, Object> adjust(String module, Map<String, Object> args) {
    return switch (module) {
      case "set_fact" -> setFact(args);
      case "copy" -> copy(args);
      default -> args;
    };
  }

  private static Map<String, Object> setFact(Map<String, Object> args) {
    Map<String, Object> out = new LinkedHashMap<>();
    args.forEach(
        (k, v) -> {
          String text = v instanceof String || v instanceof HostText ? v.toString() : null;
          String word = text == null ? null : text.toLowerCase(Locale.ROOT);
          out.put(
              k,
              word != null && BOOLEAN_WORDS.contains(word)
                  ? (Object) (word.equals("true") || word.equals("yes"))
                  : v);
        });
    return out;
  }

  private static Map<String, Object> copy(Map<String, Object> args) {
    Object content = args.get("content");
    if (!(content instanceof Map) && !(content instanceof java.util.List)) {
      return args;
    }
    Map<String, Object> out = new LinkedHashMap<>(args);
    out.put("content", TemplateEngine.pythonJson(content));
    return out;
  }
}
