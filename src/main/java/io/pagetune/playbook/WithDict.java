package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.template.TemplateEngine;
import io.pagetune.yaml.YamlValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code with_dict}: a loop over a mapping's entries, each item {@code {key, value}} as in Ansible.
 * A written-out mapping becomes that list here; an expression is looped over through {@code
 * dict2items}.
 */
final class WithDict {
  private WithDict() {}

  static Object loop(YamlValue v) {
    Object plain = v.toPlain();
    if (plain instanceof Map<?, ?> m) {
      return items(m);
    }
    if (plain instanceof String s && TemplateEngine.isTemplated(s)) {
      String t = s.strip();
      if (t.startsWith("${") && t.endsWith("}") && t.indexOf("${", 2) < 0) {
        return "${dict2items(" + t.substring(2, t.length() - 1) + ")}";
      }
    }
    throw new InputException(v.location(), "with_dict must be a mapping or one ${…} expression");
  }

  static List<Object> items(Map<?, ?> m) {
    List<Object> out = new ArrayList<>();
    m.forEach(
        (k, val) -> {
          Map<String, Object> item = new LinkedHashMap<>();
          item.put("key", String.valueOf(k));
          item.put("value", val);
          out.add(item);
        });
    return out;
  }
}
