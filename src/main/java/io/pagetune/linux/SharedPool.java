package io.pagetune.linux;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The consumers of one pool, each counted once, whichever module gathers them: a name is taken from
 * the first list that has it (this task's declarations, then the module's own consumers, then those
 * found on the host, then those recorded in the pool file), and a consumer that stands for others
 * ({@link HugePageConsumer#replaces()}) removes them. The result is sorted by name, so every module
 * writes the same breakdown.
 *
 * @param consumers the pool's consumers, sorted by name
 * @param recorded the consumers the pool file keeps for the next module (all but those found on the
 *     host only)
 */
public record SharedPool(List<HugePageConsumer> consumers, List<HugePageConsumer> recorded) {
  private static final int FOUND = 2;

  public SharedPool {
    consumers = List.copyOf(consumers);
    recorded = List.copyOf(recorded);
  }

  static SharedPool of(
      List<HugePageConsumer> declared,
      List<HugePageConsumer> own,
      List<HugePageConsumer> found,
      List<HugePageConsumer> fromFile) {
    Map<String, HugePageConsumer> byName = new LinkedHashMap<>();
    Set<String> keep = new HashSet<>();
    List<List<HugePageConsumer>> lists = List.of(declared, own, found, fromFile);
    for (int i = 0; i < lists.size(); i++) {
      for (HugePageConsumer c : lists.get(i)) {
        byName.putIfAbsent(c.name(), c);
        if (i != FOUND) {
          keep.add(c.name());
        }
      }
    }
    // a record whose size still holds stays as written: only a new size rewrites the pool file
    Map<String, HugePageConsumer> written = new LinkedHashMap<>();
    fromFile.forEach(c -> written.putIfAbsent(c.name(), c));
    Set<String> replaced = new HashSet<>();
    // a consumer never stands in for itself (a cluster named as the host's cluster list names it)
    byName
        .values()
        .forEach(
            c -> c.replaces().stream().filter(n -> !n.equals(c.name())).forEach(replaced::add));
    List<HugePageConsumer> out = new ArrayList<>();
    List<HugePageConsumer> recorded = new ArrayList<>();
    byName.values().stream()
        .filter(c -> !replaced.contains(c.name()))
        .sorted(java.util.Comparator.comparing(HugePageConsumer::name))
        .forEach(
            c -> {
              out.add(c);
              if (keep.contains(c.name())) {
                HugePageConsumer w = written.get(c.name());
                boolean same =
                    w != null && w.bytes() == c.bytes() && w.replaces().equals(c.replaces());
                recorded.add(same ? w : c);
              }
            });
    return new SharedPool(out, recorded);
  }
}
