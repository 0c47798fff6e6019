package io.pagetune.template;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The filters Ansible adds to Jinja (and those whose Ansible meaning differs from Jinjava's), with
 * Ansible's results: {@code bool}, {@code ternary}, {@code combine}, {@code flatten}, {@code
 * dict2items}, {@code items2dict}, {@code basename}, {@code dirname}, {@code mandatory}, the JSON
 * and YAML conversions, and the regex filters of {@link AnsibleRegex}.
 */
final class AnsibleFilters {
  private AnsibleFilters() {}

  static List<JinjaFilter> all() {
    List<JinjaFilter> out = new ArrayList<>(PythonFilters.all());
    out.addAll(JinjaNumberFilters.all());
    out.addAll(JinjaListFilters.all());
    out.addAll(SelectWithoutTest.all());
    // ansible-core's bool leaves None as it is
    out.add(new JinjaFilter("bool", (v, a, k) -> v == null ? null : bool(v)));
    // Jinja2 prints any value with Python's str() before changing its case or joining it
    out.add(new JinjaFilter("lower", (v, a, k) -> PythonText.str(v).toLowerCase(Locale.ROOT)));
    out.add(new JinjaFilter("upper", (v, a, k) -> PythonText.str(v).toUpperCase(Locale.ROOT)));
    out.add(new JinjaFilter("join", AnsibleFilters::join));
    out.add(new JinjaFilter("list", (v, a, k) -> PythonFilters.listFilter(v)));
    out.add(new JinjaFilter("first", (v, a, k) -> first(v)));
    out.add(new JinjaFilter("last", (v, a, k) -> last(v)));
    out.add(
        new JinjaFilter(
            "ternary",
            (v, a, k) ->
                JinjaFilter.truthy(v)
                    ? JinjaFilter.arg(a, k, 0, "true_val", null)
                    : (v == null && a.size() > 2
                        ? a.get(2)
                        : JinjaFilter.arg(a, k, 1, "false_val", null))));
    out.add(new JinjaFilter("combine", AnsibleFilters::combine));
    out.add(
        new JinjaFilter(
            "flatten",
            (v, a, k) -> {
              Object levels = JinjaFilter.arg(a, k, 0, "levels", null);
              List<Object> flat = new ArrayList<>();
              flatten(v, levels == null ? -1 : ((Number) levels).intValue(), flat);
              return flat;
            }));
    out.add(new JinjaFilter("dict2items", AnsibleFilters::dict2items));
    out.add(new JinjaFilter("items2dict", AnsibleFilters::items2dict));
    out.add(new JinjaFilter("basename", (v, a, k) -> basename(String.valueOf(v))));
    out.add(new JinjaFilter("dirname", (v, a, k) -> dirname(String.valueOf(v))));
    out.add(new JinjaFilter("to_json", (v, a, k) -> PythonJson.dumps(v, false)));
    out.add(new JinjaFilter("to_nice_json", (v, a, k) -> PythonJson.dumps(v, true)));
    out.add(new JinjaFilter("from_json", (v, a, k) -> PythonJson.loads(String.valueOf(v))));
    out.add(new JinjaFilter("to_yaml", (v, a, k) -> PythonYaml.dump(v, false)));
    out.add(new JinjaFilter("to_nice_yaml", (v, a, k) -> PythonYaml.dump(v, true)));
    out.add(new JinjaFilter("from_yaml", (v, a, k) -> PythonYaml.load(String.valueOf(v))));
    out.add(new JinjaFilter("string", (v, a, k) -> PythonText.str(v)));
    out.add(
        new JinjaFilter(
            "mandatory",
            (v, a, k) -> {
              if (v instanceof AnsibleUndefined u) {
                // ansible-core: "Mandatory variable 'missing'  not defined." or the given msg
                throw new IllegalArgumentException(
                    a.isEmpty()
                        ? "Mandatory variable " + u.name() + "  not defined."
                        : String.valueOf(a.get(0)));
              }
              return v;
            }));
    out.addAll(AnsibleRegex.filters());
    return out;
  }

  /** Ansible's {@code bool}: yes/on/1/true (any case) and true numbers are true, else false. */
  static boolean bool(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return n.doubleValue() == 1;
    }
    if (v == null) {
      return false;
    }
    String s = String.valueOf(v).strip().toLowerCase(Locale.ROOT);
    return s.equals("yes") || s.equals("on") || s.equals("1") || s.equals("true");
  }

  private static Object combine(Object v, List<Object> args, Map<String, Object> kwargs) {
    boolean recursive = JinjaFilter.truthy(kwargs.get("recursive"));
    String lists = String.valueOf(kwargs.getOrDefault("list_merge", "replace"));
    Map<Object, Object> out = new LinkedHashMap<>(dict(v, "combine"));
    List<Object> sources = new ArrayList<>();
    for (Object a : args) {
      if (a instanceof List<?> l) {
        sources.addAll(l);
      } else {
        sources.add(a);
      }
    }
    for (Object s : sources) {
      merge(out, dict(s, "combine"), recursive, lists);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void merge(
      Map<Object, Object> into, Map<?, ?> from, boolean recursive, String lists) {
    for (Map.Entry<?, ?> e : from.entrySet()) {
      Object old = into.get(e.getKey());
      Object add = e.getValue();
      if (recursive && old instanceof Map<?, ?> om && add instanceof Map<?, ?> am) {
        Map<Object, Object> merged = new LinkedHashMap<>((Map<Object, Object>) om);
        merge(merged, am, true, lists);
        into.put(e.getKey(), merged);
      } else if (old instanceof List<?> ol
          && add instanceof List<?> al
          && lists.startsWith("append")) {
        List<Object> joined = new ArrayList<>(ol);
        joined.addAll(al);
        into.put(e.getKey(), joined);
      } else {
        into.put(e.getKey(), add);
      }
    }
  }

  private static Map<?, ?> dict(Object v, String filter) {
    if (v instanceof Map<?, ?> m) {
      return m;
    }
    throw new IllegalArgumentException(filter + " expects dictionaries, got " + PythonText.repr(v));
  }

  private static void flatten(Object v, int levels, List<Object> out) {
    if (!(v instanceof Collection<?> c)) {
      throw new IllegalArgumentException("flatten expects a list");
    }
    for (Object o : c) {
      if (o instanceof Collection<?> inner && levels != 0) {
        flatten(inner, levels - 1, out);
      } else if (o != null && !"None".equals(o)) {
        out.add(o);
      }
    }
  }

  private static Object dict2items(Object v, List<Object> args, Map<String, Object> kwargs) {
    String key = String.valueOf(JinjaFilter.arg(List.of(), kwargs, 0, "key_name", "key"));
    String value = String.valueOf(JinjaFilter.arg(List.of(), kwargs, 0, "value_name", "value"));
    return keyValueItems(dict(v, "dict2items"), key, value);
  }

  /**
   * A mapping's entries as {@code {key: k, value: v}} items, in its order (the dict lookup too).
   */
  static List<Object> keyValueItems(Map<?, ?> m, String key, String value) {
    List<Object> out = new ArrayList<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put(key, e.getKey());
      item.put(value, e.getValue());
      out.add(item);
    }
    return out;
  }

  private static Object items2dict(Object v, List<Object> args, Map<String, Object> kwargs) {
    String key = String.valueOf(JinjaFilter.arg(args, kwargs, 0, "key_name", "key"));
    String value = String.valueOf(JinjaFilter.arg(args, kwargs, 1, "value_name", "value"));
    if (!(v instanceof Collection<?> c)) {
      throw new IllegalArgumentException("items2dict requires a list, got " + PythonText.repr(v));
    }
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Object o : c) {
      Map<?, ?> item = dict(o, "items2dict");
      if (!item.containsKey(key) || !item.containsKey(value)) {
        throw new IllegalArgumentException(
            "items2dict requires each item to have '" + key + "' and '" + value + "'");
      }
      out.put(item.get(key), item.get(value));
    }
    return out;
  }

  /** Python's {@code os.path.basename}: the part after the last slash. */
  static String basename(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * Python's {@code os.path.dirname}: the part before the last slash, trailing slashes kept off.
   */
  static String dirname(String path) {
    int slash = path.lastIndexOf('/');
    if (slash < 0) {
      return "";
    }
    String head = path.substring(0, slash + 1);
    String stripped = head.replaceAll("/+$", "");
    return stripped.isEmpty() ? head : stripped;
  }

  /** Jinja2's {@code first}: the first key of a dict, item of a list, character of text. */
  static Object first(Object v) {
    // the items keep their host-text marks: the first of host text is host text
    List<?> list = (List<?>) PythonFilters.listFilter(v);
    return list.isEmpty()
        ? AnsibleUndefined.because("No first item, sequence was empty.")
        : list.get(0);
  }

  /** Jinja2's {@code join(d='', attribute=None)}: Python's str() of each item. */
  private static Object join(Object v, List<Object> a, Map<String, Object> k) {
    String separator = PythonText.str(JinjaFilter.arg(a, k, 0, "d", ""));
    Object attribute = JinjaFilter.arg(a, k, 1, "attribute", null);
    StringBuilder out = new StringBuilder();
    boolean first = true;
    for (Object item : (List<?>) PythonFilters.listFilter(v)) {
      if (!first) {
        out.append(separator);
      }
      first = false;
      Object x = attribute == null ? item : attributeOf(item, attribute);
      out.append(PythonText.str(AnsibleUndefined.require(x)));
    }
    return out.toString();
  }

  private static Object attributeOf(Object item, Object attribute) {
    if (item instanceof Map<?, ?> m) {
      String key = String.valueOf(attribute);
      return m.containsKey(key) ? m.get(key) : AnsibleUndefined.attribute(m, key);
    }
    return AnsibleUndefined.attribute(item, attribute);
  }

  static Object last(Object v) {
    List<?> list = (List<?>) PythonFilters.listFilter(v);
    return list.isEmpty()
        ? AnsibleUndefined.because("No last item, sequence was empty.")
        : list.get(list.size() - 1);
  }
}
