package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Each target slice ({@code io.pagetune.targets.<name>}) shows the rest of pagetune one type, its
 * {@code *Target}: everything else in it is the slice's own business.
 */
class TargetSlicesTest {

  @Test
  void eachSliceExposesOnlyItsTarget() {
    Map<String, Set<String>> exposed = new TreeMap<>();
    for (JavaClass c : MainClasses.get()) {
      String slice = slice(c.getPackageName());
      if (slice == null) {
        continue;
      }
      Set<String> types = exposed.computeIfAbsent(slice, s -> new TreeSet<>());
      if (visibleOutside(c)) {
        types.add(c.getName());
      }
    }
    assertFalse(exposed.isEmpty(), "no target slices found");
    List<String> violations = new ArrayList<>();
    exposed.forEach(
        (slice, types) -> {
          List<String> targets = types.stream().filter(t -> t.endsWith("Target")).toList();
          if (targets.size() != 1) {
            violations.add(slice + " exposes " + targets.size() + " *Target types: " + targets);
          }
          types.stream()
              .filter(t -> !t.endsWith("Target"))
              .forEach(t -> violations.add(slice + " exposes " + t + " (public)"));
        });
    assertEquals(List.of(), violations);
  }

  /** Public, and every class around it public too. */
  private static boolean visibleOutside(JavaClass c) {
    for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getEnclosingClass()) {
      if (!k.get().getModifiers().contains(JavaModifier.PUBLIC) || k.get().isAnonymousClass()) {
        return false;
      }
    }
    return true;
  }

  /** io.pagetune.targets.sap.x → io.pagetune.targets.sap; null outside the slices. */
  private static String slice(String pkg) {
    String[] parts = pkg.split("\\.");
    if (parts.length < 4 || !pkg.startsWith("io.pagetune.targets.")) {
      return null;
    }
    return String.join(".", parts[0], parts[1], parts[2], parts[3]);
  }
}
