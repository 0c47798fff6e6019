package io.pagetune.inventory.dynamic;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One group of a {@code --list} document, read as Ansible's script inventory reads it: a bare list
 * is the group's hosts; a mapping holds {@code hosts} (a list), {@code vars} (a mapping) and {@code
 * children} (a list of group names).
 */
public record GroupBody(List<String> hosts, Map<String, Object> vars, List<String> children) {
  public GroupBody {
    hosts = List.copyOf(hosts);
    vars = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(vars));
    children = List.copyOf(children);
  }

  /** The hosts a group body names, without judging the rest of it. */
  static List<String> hosts(Object body) {
    Object hosts = body instanceof Map<?, ?> m ? m.get("hosts") : body;
    List<String> out = new ArrayList<>();
    if (hosts instanceof List<?> l) {
      l.forEach(h -> out.add(String.valueOf(h)));
    }
    return out;
  }

  /**
   * Reads one group's body.
   *
   * @param source the script or plugin file, named in errors
   */
  public static GroupBody of(String source, String group, Object body) {
    SourceLocation at = SourceLocation.of(source);
    if (!(body instanceof Map<?, ?> m)) {
      return new GroupBody(names(at, group, "host list", body), Map.of(), List.of());
    }
    if (!m.containsKey("hosts") && !m.containsKey("vars") && !m.containsKey("children")) {
      throw new InputException(
          at, "group '" + group + "' has none of hosts, vars or children in the inventory output");
    }
    Object vars = m.get("vars");
    if (vars != null && !(vars instanceof Map)) {
      throw new InputException(
          at, "group '" + group + "': vars must be a mapping in the inventory output");
    }
    Map<String, Object> own = new LinkedHashMap<>();
    if (vars instanceof Map<?, ?> v) {
      v.forEach((k, x) -> own.put(String.valueOf(k), x));
    }
    return new GroupBody(
        m.containsKey("hosts") ? names(at, group, "host list", m.get("hosts")) : List.of(),
        own,
        m.containsKey("children") ? names(at, group, "children", m.get("children")) : List.of());
  }

  private static List<String> names(SourceLocation at, String group, String what, Object value) {
    if (!(value instanceof List<?> l)) {
      throw new InputException(
          at, "group '" + group + "': the " + what + " must be a list in the inventory output");
    }
    List<String> out = new ArrayList<>();
    for (Object item : l) {
      if (!(item instanceof String s)) {
        throw new InputException(
            at, "group '" + group + "': the " + what + " holds '" + item + "', not a name");
      }
      out.add(s);
    }
    return out;
  }
}
