package io.pagetune.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.lib.filter.RejectFilter;
import com.hubspot.jinjava.lib.filter.SelectFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * Jinja2's {@code select} and {@code reject} without a test name keep (or drop) the items that are
 * true by Python's truth ({@code [0, 1, '', 'x'] | select} is {@code [1, 'x']}); with a test they
 * are Jinjava's.
 */
final class SelectWithoutTest {
  private SelectWithoutTest() {}

  static List<JinjaFilter> all() {
    return List.of(
        filter("select", new SelectFilter(), true), filter("reject", new RejectFilter(), false));
  }

  private static JinjaFilter filter(String name, Filter withTest, boolean keepTrue) {
    return new JinjaFilter(
        name,
        (v, args, kwargs) -> {
          if (!args.isEmpty() || !kwargs.isEmpty()) {
            return withTest.filter(v, JinjavaInterpreter.getCurrent(), args.toArray(), kwargs);
          }
          List<Object> kept = new ArrayList<>();
          for (Object item : (Iterable<?>) PythonFilters.listFilter(v)) {
            if (JinjaFilter.truthy(item) == keepTrue) {
              kept.add(item);
            }
          }
          return kept;
        });
  }
}
