package io.pagetune.facts;

import java.util.List;
import java.util.Map;

/**
 * A group of facts gathered together at the start of a play, and how their values appear under
 * {@code ansible_facts}.
 */
public interface FactSet {
  List<Fact<?>> facts();

  /** The facts of the collectors {@code subset} names; all of them unless a set says otherwise. */
  default List<Fact<?>> facts(GatherSubset subset) {
    return facts();
  }

  /** Builds the entries this set adds to {@code ansible_facts} from the gathered values. */
  Map<String, Object> assemble(Map<String, Object> gathered);

  /**
   * The entries of the collectors {@code subset} names; all of them unless a set says otherwise.
   */
  default Map<String, Object> assemble(Map<String, Object> gathered, GatherSubset subset) {
    return assemble(gathered);
  }
}
