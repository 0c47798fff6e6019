package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Hosts render the same loop template at once (forks): each render stands alone. A {@code for} tag
 * records its loop variable names in state Jinjava contexts share with their root, so one shared
 * root made a render fail now and then with a ConcurrentModificationException.
 */
class JinjaConcurrentRenderTest {
  /** Twelve nested loops over one item each, their variable names prefixed by {@code p}. */
  private static String template(String p) {
    StringBuilder t = new StringBuilder();
    for (int depth = 0; depth < 12; depth++) {
      t.append("{% for ").append(p).append(depth).append(" in [").append(depth).append("] %}");
    }
    t.append("{{ ").append(p).append("11 + n }}");
    t.append("{% endfor %}".repeat(12));
    return t.toString();
  }

  @Test
  void loopsRenderedByManyHostsAtOnceEachGiveTheirOwnText() throws Exception {
    TemplateEngine engine = JinjaExpressionsTest.engine();
    ExecutorService hosts = Executors.newFixedThreadPool(16);
    try {
      List<Future<Object>> renders = new ArrayList<>();
      for (int i = 0; i < 4000; i++) {
        // the hosts' loops use different names, so each adds and removes its own
        String template = template("v" + (char) ('a' + i % 8) + "_");
        Map<String, Object> vars = Map.of("n", (long) i);
        renders.add(
            hosts.submit(() -> engine.interpolate(template, vars, JinjaExpressionsTest.AT, "t")));
      }
      for (int i = 0; i < renders.size(); i++) {
        assertEquals(String.valueOf(11 + i), renders.get(i).get());
      }
    } finally {
      hosts.shutdownNow();
    }
  }
}
