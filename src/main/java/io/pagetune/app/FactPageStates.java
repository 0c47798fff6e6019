package io.pagetune.app;

import io.pagetune.pages.PageState;
import io.pagetune.targets.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Every target's page states from one host's raw fact values, as status shows them. */
public final class FactPageStates {
  private FactPageStates() {}

  public static List<PageState> of(Map<String, Object> values) {
    Map<String, Object> summary = Wiring.pageFacts().summary(values);
    List<PageState> out = new ArrayList<>();
    for (Target t : Wiring.targets()) {
      out.addAll(t.factStates(summary));
    }
    return out;
  }
}
