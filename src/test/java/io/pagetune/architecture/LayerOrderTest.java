package io.pagetune.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * One layer order for the whole tree, top to bottom (README "Layers"): a package refers only to
 * packages below it. ArchUnit reads the compiled classes; the sources are read too, because javac
 * inlines a {@code static final} constant and leaves no dependency in the class file.
 */
class LayerOrderTest {
  /** Top to bottom; each is {@code io.pagetune.<layer>} with its subpackages. */
  static final List<String> LAYERS =
      List.of(
          "cli",
          "app",
          "plan",
          "executor",
          "playbook",
          "restart",
          "inventory",
          "template",
          "targets",
          "linux",
          "modules",
          "schedule",
          "yaml",
          "vault",
          "state",
          "report",
          "pages",
          "facts",
          "connection",
          "vars",
          "error");

  @Test
  void noClassRefersToALayerAboveIt() {
    layers(LAYERS).check(MainClasses.get());
  }

  @Test
  void theClassRuleSeesAReferenceUpward() {
    // inventory expands templates in its variables: put template on top and that is a violation
    assertThrows(
        AssertionError.class,
        () -> layers(List.of("template", "inventory")).check(MainClasses.get()));
  }

  @Test
  void noSourceNamesALayerAboveIt() throws IOException {
    List<String> violations = new ArrayList<>();
    for (SourceReferences.Source s : SourceReferences.under("io.pagetune")) {
      int own = rank(s.pkg());
      for (String ref : s.references()) {
        if (rank(ref) < own) {
          violations.add(
              s.file() + " (" + layer(s.pkg()) + ") names " + ref + " (" + layer(ref) + ")");
        }
      }
    }
    assertEquals(List.of(), violations, "references up the layer order");
  }

  @Test
  void everyPackageHasALayerAndEveryLayerAPackage() {
    Set<String> tops = new TreeSet<>();
    for (JavaClass c : MainClasses.get()) {
      tops.add(layer(c.getPackageName()));
    }
    tops.remove("");
    Set<String> unlisted = new TreeSet<>(tops);
    unlisted.removeAll(LAYERS);
    assertEquals(Set.of(), unlisted, "packages missing from LAYERS");
    Set<String> empty = new TreeSet<>(LAYERS);
    empty.removeAll(tops);
    assertEquals(Set.of(), empty, "layers without a package");
  }

  private static LayeredArchitecture layers(List<String> order) {
    LayeredArchitecture arch = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (String layer : order) {
      arch = arch.layer(layer).definedBy("io.pagetune." + layer + "..");
    }
    arch = arch.whereLayer(order.get(0)).mayNotBeAccessedByAnyLayer();
    for (int i = 1; i < order.size(); i++) {
      arch =
          arch.whereLayer(order.get(i))
              .mayOnlyBeAccessedByLayers(order.subList(0, i).toArray(String[]::new));
    }
    return arch.withOptionalLayers(true);
  }

  /** io.pagetune.connection.ssh → connection */
  static String layer(String pkg) {
    String[] parts = pkg.split("\\.");
    return parts.length < 3 ? "" : parts[2];
  }

  private static int rank(String pkg) {
    int i = LAYERS.indexOf(layer(pkg));
    if (i < 0) {
      throw new AssertionError(pkg + " is in no layer");
    }
    return i;
  }
}
