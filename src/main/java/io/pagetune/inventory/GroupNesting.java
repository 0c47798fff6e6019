package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Refuses groups nested through {@code children} deeper than a limit, without recursion: the cycle
 * check and the depth computation that follow recurse once per level, and thousands of levels (an
 * INI file of generated {@code [gN:children]} sections) would overflow the stack.
 */
final class GroupNesting {
  /** Real inventories nest a handful of levels (site, tier, role, environment). */
  static final int MAX_DEPTH = 100;

  private GroupNesting() {}

  /**
   * Longest {@code children} path from a group without parents, walked in topological order. Groups
   * on a cycle are never reached; the cycle check reports them.
   */
  static void refuseDeeperThan(int max, Map<String, Map<String, SourceLocation>> children) {
    Map<String, Integer> parentsLeft = new HashMap<>();
    children.keySet().forEach(g -> parentsLeft.putIfAbsent(g, 0));
    children
        .values()
        .forEach(kids -> kids.keySet().forEach(k -> parentsLeft.merge(k, 1, Integer::sum)));
    Deque<String> ready = new ArrayDeque<>();
    parentsLeft.forEach(
        (g, n) -> {
          if (n == 0) {
            ready.add(g);
          }
        });
    Map<String, Integer> depth = new HashMap<>();
    while (!ready.isEmpty()) {
      String group = ready.poll();
      int below = depth.getOrDefault(group, 0) + 1;
      for (Map.Entry<String, SourceLocation> kid :
          children.getOrDefault(group, Map.of()).entrySet()) {
        if (below > max) {
          throw new InputException(
              kid.getValue(),
              "groups nested deeper than "
                  + max
                  + " levels (group '"
                  + kid.getKey()
                  + "' as a child of '"
                  + group
                  + "'); refused");
        }
        depth.merge(kid.getKey(), below, Math::max);
        if (parentsLeft.merge(kid.getKey(), -1, Integer::sum) == 0) {
          ready.add(kid.getKey());
        }
      }
    }
  }
}
