package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.facts.Fact;
import io.pagetune.targets.Target;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.sap.SapTarget;
import io.pagetune.targets.solaris.SolarisTarget;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PageFactsTest {
  private final PageFacts pageFacts =
      new PageFacts(
          Stream.of(new SapTarget(), new SolarisTarget(), new OracleTarget())
              .map(Target::pageFacts)
              .toList());

  @Test
  void scriptsParseAndNamesAreUnique() throws Exception {
    Set<String> names = new HashSet<>();
    List<Fact<?>> facts = pageFacts.facts();
    for (Fact<?> f : facts) {
      assertTrue(names.add(f.name()), f.name());
      assertTrue(f.name().startsWith("pages_"), "kept apart from the base facts: " + f.name());
      Process p = new ProcessBuilder("/bin/sh", "-n", "-c", f.script()).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      assertEquals(0, p.exitValue(), f.name() + ": " + err);
    }
  }
}
