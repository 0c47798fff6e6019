package io.pagetune.facts;

import java.util.List;
import java.util.Map;

/**
 * A group of facts gathered together at the start of a play, and how their values appear under
 * {@code ansible_facts}.
 */
public interface FactSet {
  List<Fact<?>> facts();

  /** Builds the entries this set adds to {@code ansible_facts} from the gathered values. */
  Map<String, Object> assemble(Map<String, Object> gathered);
}
