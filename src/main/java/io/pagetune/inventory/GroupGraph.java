package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parent/child relation between groups once every file is read: refuses cycles, attaches
 * top-level groups to {@code all}, and computes each group's depth (longest path from {@code all}),
 * which orders group variables.
 */
final class GroupGraph {
  private final Map<String, Map<String, SourceLocation>> children = new LinkedHashMap<>();
  private final Map<String, List<String>> parents = new HashMap<>();
  private final Map<String, Integer> depth = new HashMap<>();

  GroupGraph(Map<String, InventoryDraft.GroupDraft> groups) {
    groups.forEach((name, g) -> children.put(name, new LinkedHashMap<>(g.children)));
    GroupNesting.refuseDeeperThan(GroupNesting.MAX_DEPTH, children);
    refuseCycles();
    for (String name : groups.keySet()) {
      parents.put(name, new ArrayList<>());
    }
    children.forEach((parent, kids) -> kids.keySet().forEach(k -> parents.get(k).add(parent)));
    Map<String, SourceLocation> top = children.get(InventoryDraft.ALL);
    for (String name : groups.keySet()) {
      if (!name.equals(InventoryDraft.ALL) && parents.get(name).isEmpty()) {
        top.put(name, InventoryDraft.BUILT_IN);
        parents.get(name).add(InventoryDraft.ALL);
      }
    }
    for (String name : groups.keySet()) {
      depthOf(name);
    }
  }

  List<String> children(String group) {
    return List.copyOf(children.get(group).keySet());
  }

  int depth(String group) {
    return depth.get(group);
  }

  /** The group and all its ancestors, {@code all} included. */
  Set<String> withAncestors(String group) {
    Set<String> out = new LinkedHashSet<>();
    List<String> todo = new ArrayList<>(List.of(group));
    while (!todo.isEmpty()) {
      String g = todo.remove(todo.size() - 1);
      if (out.add(g)) {
        todo.addAll(parents.get(g));
      }
    }
    return out;
  }

  private int depthOf(String group) {
    Integer known = depth.get(group);
    if (known != null) {
      return known;
    }
    int d = 0;
    for (String p : parents.get(group)) {
      d = Math.max(d, depthOf(p) + 1);
    }
    depth.put(group, d);
    return d;
  }

  private void refuseCycles() {
    Map<String, Integer> state = new HashMap<>(); // 1 = on the current path, 2 = done
    for (String start : children.keySet()) {
      visit(start, state, new ArrayList<>());
    }
  }

  private void visit(String group, Map<String, Integer> state, List<String> path) {
    Integer s = state.get(group);
    if (s != null && s == 2) {
      return;
    }
    state.put(group, 1);
    path.add(group);
    for (Map.Entry<String, SourceLocation> kid : children.get(group).entrySet()) {
      Integer ks = state.get(kid.getKey());
      if (ks != null && ks == 1) {
        List<String> cycle = new ArrayList<>(path.subList(path.indexOf(kid.getKey()), path.size()));
        cycle.add(kid.getKey());
        throw new InputException(
            kid.getValue(), "group cycle: " + String.join(" -> ", cycle) + " (via children)");
      }
      visit(kid.getKey(), state, path);
    }
    path.remove(path.size() - 1);
    state.put(group, 2);
  }
}
