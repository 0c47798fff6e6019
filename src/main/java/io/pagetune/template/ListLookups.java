package io.pagetune.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Ansible's lookups that only reshape their terms ({@code list}, {@code items}, {@code dict},
 * {@code indexed_items}). Each receives the terms as written, one per argument: Ansible hands
 * {@code lookup('list', ['a', 'b'])} the one term {@code ['a', 'b']}.
 */
final class ListLookups {
  private ListLookups() {}

  /** Whether {@code name} is one of these lookups. */
  static boolean handles(String name) {
    return List.of("list", "items", "dict", "indexed_items").contains(name);
  }

  static List<Object> run(String name, List<Object> terms) {
    return switch (name) {
      case "list" -> new ArrayList<>(terms);
      case "items" -> flattenOnce(terms);
      case "dict" -> dictItems(terms);
      default -> indexed(flattenOnce(terms));
    };
  }

  /** Lists (and tuples) among the terms give their items; anything else is one item. */
  static List<Object> flattenOnce(List<?> terms) {
    List<Object> out = new ArrayList<>();
    for (Object t : terms) {
      if (t instanceof List<?> l) {
        out.addAll(l);
      } else {
        out.add(t);
      }
    }
    return out;
  }

  /** Each mapping's entries as {@code {'key': k, 'value': v}}, in the mapping's order. */
  private static List<Object> dictItems(List<Object> terms) {
    List<Object> out = new ArrayList<>();
    for (Object t : terms) {
      if (!(t instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("with_dict expects a dict");
      }
      out.addAll(AnsibleFilters.keyValueItems(m, "key", "value"));
    }
    return out;
  }

  /** {@code (index, item)} pairs, as Python tuples. */
  private static List<Object> indexed(List<Object> items) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      out.add(PythonTuple.of((long) i, items.get(i)));
    }
    return out;
  }
}
