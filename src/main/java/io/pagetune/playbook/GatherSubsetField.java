package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.facts.GatherSubset;
import io.pagetune.yaml.YamlValue;
import java.util.List;

/**
 * A play's {@code gather_subset}, checked as Ansible's setup module checks it, so a typo fails
 * early.
 */
final class GatherSubsetField {
  private GatherSubsetField() {}

  /** The subset given, or null when the play names none. */
  static List<String> read(YamlValue.Mapping m) {
    if (!m.has("gather_subset")) {
      return null;
    }
    YamlValue v = m.get("gather_subset");
    List<String> subset = YamlFields.strings(v, "gather_subset", true);
    try {
      GatherSubset.parse(subset);
    } catch (IllegalArgumentException e) {
      throw new InputException(v.location(), e.getMessage());
    }
    return subset;
  }
}
