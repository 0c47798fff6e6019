package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import io.pagetune.facts.Fact;
import io.pagetune.targets.Target;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.postgres.PostgresTarget;
import io.pagetune.targets.sap.SapTarget;
import io.pagetune.targets.solaris.SolarisTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The commands lay out what the targets tell them: no class of {@code io.pagetune.cli} uses a
 * target slice, and no command source names a target's facts (its fact names, the keys it puts into
 * {@code ansible_facts.pages}, or the process names it reads), so a new target needs no CLI change.
 */
class CliKnowsNoTargetTest {
  private static final Path CLI = Path.of("src/main/java/io/pagetune/cli");
  private static final Pattern SLICE = Pattern.compile("io\\.pagetune\\.targets\\.[a-z]+\\..*");
  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

  /** The keys the targets' page fact sections add to the pages summary, and what they read. */
  private static final Set<String> TARGET_WORDS =
      Set.of(
          "sap",
          "disp_work",
          "kernel",
          "ldr_cntrl_profiles",
          "web_servers",
          "heap",
          "mpss_block",
          "hugepages",
          "thp");

  private static final List<Target> TARGETS =
      List.of(new SapTarget(), new SolarisTarget(), new OracleTarget(), new PostgresTarget());

  @Test
  void noCommandUsesATargetSlice() {
    Set<String> found = new TreeSet<>();
    int cliClasses = 0;
    for (JavaClass c : MainClasses.get()) {
      if (!c.getPackageName().startsWith("io.pagetune.cli")) {
        continue;
      }
      cliClasses++;
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String to = d.getTargetClass().getName();
        if (SLICE.matcher(to).matches()) {
          found.add(c.getName() + " -> " + to);
        }
      }
    }
    assertTrue(cliClasses > 10, "the cli classes were not found: " + cliClasses);
    assertEquals(Set.of(), found);
  }

  @Test
  void noCommandNamesATargetsFacts() throws IOException {
    Set<String> factNames = new TreeSet<>();
    for (Target t : TARGETS) {
      t.pageFacts().facts().stream().map(Fact::name).forEach(factNames::add);
    }
    assertTrue(factNames.contains("pages_sap_systems"), factNames.toString());
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(CLI)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        Matcher m = LITERAL.matcher(Files.readString(f));
        while (m.find()) {
          String literal = m.group(1);
          if (TARGET_WORDS.contains(literal)
              || literal.contains("webservd")
              || literal.contains("disp+work")
              || factNames.stream().anyMatch(n -> literal.equals(n) || literal.startsWith(n))) {
            found.add(f.getFileName() + ": \"" + literal + "\"");
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }
}
