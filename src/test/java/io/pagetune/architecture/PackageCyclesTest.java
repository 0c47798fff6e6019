package io.pagetune.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No package cycles, counting every package apart ({@code connection} and {@code connection.ssh}
 * are two): a reader can learn the packages one at a time, from the bottom. ArchUnit reads the
 * class files; the sources are read too, for the constants javac inlines.
 */
class PackageCyclesTest {

  @Test
  void classesFormNoPackageCycle() {
    slices().matching("io.pagetune.(**)").should().beFreeOfCycles().check(MainClasses.get());
  }

  @Test
  void sourcesFormNoPackageCycle() throws IOException {
    Map<String, Map<String, String>> graph = new TreeMap<>();
    for (SourceReferences.Source s : SourceReferences.under("io.pagetune")) {
      Map<String, String> out = graph.computeIfAbsent(s.pkg(), p -> new TreeMap<>());
      for (String ref : s.references()) {
        if (!ref.equals(s.pkg())) {
          out.putIfAbsent(ref, s.file().getFileName().toString());
        }
      }
    }
    List<String> cycles = new ArrayList<>();
    for (Set<String> component : new StronglyConnected(graph).components()) {
      if (component.size() > 1) {
        List<String> edges = new ArrayList<>();
        for (String from : component) {
          graph
              .get(from)
              .forEach(
                  (to, file) -> {
                    if (component.contains(to)) {
                      edges.add(from + " -> " + to + " (" + file + ")");
                    }
                  });
        }
        cycles.add("cycle " + component + " through " + edges);
      }
    }
    assertEquals(List.of(), cycles);
  }

  @Test
  void theCycleFinderFindsACycleOfThree() {
    Map<String, Map<String, String>> graph =
        Map.of(
            "a", Map.of("b", ""),
            "b", Map.of("c", ""),
            "c", Map.of("a", "", "d", ""),
            "d", Map.of());
    assertEquals(
        List.of(Set.of("a", "b", "c")),
        new StronglyConnected(graph).components().stream().filter(c -> c.size() > 1).toList());
  }

  /** Tarjan's strongly connected components of a package graph. */
  private static final class StronglyConnected {
    private final Map<String, ? extends Map<String, String>> graph;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final List<String> stack = new ArrayList<>();
    private final List<Set<String>> found = new ArrayList<>();

    StronglyConnected(Map<String, ? extends Map<String, String>> graph) {
      this.graph = graph;
    }

    List<Set<String>> components() {
      for (String node : new TreeSet<>(graph.keySet())) {
        if (!index.containsKey(node)) {
          visit(node);
        }
      }
      return found;
    }

    private void visit(String node) {
      index.put(node, index.size());
      low.put(node, index.get(node));
      stack.add(node);
      Map<String, String> edges = graph.get(node);
      for (String next : edges == null ? Set.<String>of() : edges.keySet()) {
        if (!index.containsKey(next)) {
          visit(next);
          low.put(node, Math.min(low.get(node), low.get(next)));
        } else if (stack.contains(next)) {
          low.put(node, Math.min(low.get(node), index.get(next)));
        }
      }
      if (low.get(node).equals(index.get(node))) {
        Set<String> component = new TreeSet<>();
        String top;
        do {
          top = stack.remove(stack.size() - 1);
          component.add(top);
        } while (!top.equals(node));
        found.add(component);
      }
    }
  }
}
