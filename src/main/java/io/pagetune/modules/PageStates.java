package io.pagetune.modules;

import io.pagetune.pages.PageState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where a plan's or a result's typed page states meet the registered result. */
final class PageStates {
  /** The key the states are registered under, in {@link PageState#toMap()}'s shape. */
  static final String KEY = "page_state";

  private PageStates() {}

  static Map<String, Object> registered(Map<String, Object> data, List<PageState> states) {
    if (states.isEmpty()) {
      return data;
    }
    Map<String, Object> out = new LinkedHashMap<>(data);
    out.put(KEY, states.stream().map(PageState::toMap).toList());
    return out;
  }
}
