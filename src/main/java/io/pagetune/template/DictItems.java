package io.pagetune.template;

import freemarker.template.TemplateModelException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ansible's {@code dict2items} and {@code items2dict}: a mapping as a list of {@code {key, value}}
 * items (so {@code ?filter}, {@code ?map} and loops work on it) and back.
 */
final class DictItems {
  private DictItems() {}

  static List<Object> toItems(Object v) throws TemplateModelException {
    if (!(v instanceof Map<?, ?> m)) {
      throw new TemplateModelException("dict2items() needs a mapping, got " + describe(v));
    }
    List<Object> out = new ArrayList<>(m.size());
    for (Map.Entry<?, ?> e : m.entrySet()) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("key", String.valueOf(e.getKey()));
      item.put("value", e.getValue());
      out.add(item);
    }
    return out;
  }

  static Map<String, Object> toDict(Object v) throws TemplateModelException {
    if (!(v instanceof List<?> l)) {
      throw new TemplateModelException("items2dict() needs a list, got " + describe(v));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Object o : l) {
      if (!(o instanceof Map<?, ?> item) || !item.containsKey("key")) {
        throw new TemplateModelException("items2dict(): each item needs a key and a value");
      }
      out.put(String.valueOf(item.get("key")), item.get("value"));
    }
    return out;
  }

  private static String describe(Object v) {
    return v == null ? "nothing" : "'" + v + "'";
  }
}
