package io.pagetune.facts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What gathering does with several {@link FactSet}s: their facts once each, then one map. */
public final class FactSets {
  private FactSets() {}

  /** The facts of every set for {@code subset}, each once (sets may share a fact). */
  public static List<Fact<?>> facts(List<? extends FactSet> sets, GatherSubset subset) {
    Map<String, Fact<?>> byName = new LinkedHashMap<>();
    for (FactSet set : sets) {
      set.facts(subset).forEach(f -> byName.putIfAbsent(f.name(), f));
    }
    return new ArrayList<>(byName.values());
  }

  /** The {@code ansible_facts} entries of every set, a later set's entry winning. */
  public static Map<String, Object> assemble(
      List<? extends FactSet> sets, Map<String, Object> gathered, GatherSubset subset) {
    Map<String, Object> out = new LinkedHashMap<>();
    sets.forEach(s -> out.putAll(s.assemble(gathered, subset)));
    return out;
  }
}
