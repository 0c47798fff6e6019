package io.pagetune.app;

import io.pagetune.error.InputException;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.Limit;
import io.pagetune.plan.SavedPlan;
import java.util.LinkedHashSet;
import java.util.Set;

/** The hosts an apply of a saved plan covers. */
public final class PlanHosts {
  private PlanHosts() {}

  /**
   * The hosts the plan's run covered, narrowed by {@code limit} (null: all of them).
   *
   * @throws InputException when {@code limit} names none of them
   */
  public static Set<String> select(Inventory inv, SavedPlan plan, String limit) {
    Set<String> out = new LinkedHashSet<>();
    String pattern = plan.source().limit() != null ? plan.source().limit() : "all";
    Set<String> narrowed = null;
    if (limit != null) {
      narrowed = new LinkedHashSet<>();
      for (Host h : Limit.select(inv, limit)) {
        narrowed.add(h.name());
      }
    }
    Set<String> held = new LinkedHashSet<>();
    Limit.select(inv, pattern).forEach(h -> held.add(h.name()));
    plan.hosts().forEach(h -> held.add(h.host()));
    for (String h : held) {
      if (narrowed == null || narrowed.contains(h)) {
        out.add(h);
      }
    }
    if (narrowed != null && out.isEmpty()) {
      // an apply that silently does nothing would pass for a done change in the window
      throw new InputException(
          Limit.WHERE,
          "'"
              + limit
              + "' names no host the plan holds"
              + (narrowed.isEmpty() ? "" : " (" + String.join(", ", narrowed) + ")")
              + "; the plan's hosts: "
              + String.join(", ", held));
    }
    return out;
  }
}
