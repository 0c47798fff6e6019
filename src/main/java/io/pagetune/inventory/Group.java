package io.pagetune.inventory;

import java.util.List;
import java.util.Map;

/** One inventory group: direct child groups, direct hosts, and its own variables. */
public record Group(
    String name, List<String> children, List<String> hosts, Map<String, Object> vars) {
  public Group {
    children = List.copyOf(children);
    hosts = List.copyOf(hosts);
    vars = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(vars));
  }
}
