package io.pagetune.executor.play;

import java.util.List;

/**
 * Where a play's walk is: the section, the node path through blocks and includes, the handler flush
 * point, its round and the handler's index. The linear strategy visits these positions in the order
 * of their keys (a prefix before what extends it), so sorting keys gives its output order.
 */
record WalkKey(List<Integer> path) implements Comparable<WalkKey> {
  WalkKey {
    path = List.copyOf(path);
  }

  @Override
  public int compareTo(WalkKey other) {
    int n = Math.min(path.size(), other.path.size());
    for (int i = 0; i < n; i++) {
      int c = Integer.compare(path.get(i), other.path.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(path.size(), other.path.size());
  }
}
