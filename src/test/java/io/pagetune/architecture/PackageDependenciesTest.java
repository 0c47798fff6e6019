package io.pagetune.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package rules of DESIGN.md that the layer order ({@link LayerOrderTest}) does not already
 * imply: a package may refer down the layers, but these pairs stay apart all the same.
 */
class PackageDependenciesTest {
  private static final Path MAIN = SourceReferences.MAIN;

  @Test
  void targetsNeverReferToEachOther() throws IOException {
    slices()
        .matching("io.pagetune.targets.(*)..")
        .should()
        .notDependOnEachOther()
        .check(MainClasses.get());
    List<String> violations = new ArrayList<>();
    List<SourceReferences.Source> targets = SourceReferences.under("io.pagetune.targets");
    assertFalse(targets.isEmpty(), "no target slices found under io.pagetune.targets");
    for (SourceReferences.Source s : targets) {
      for (String ref : s.references()) {
        if (ref.startsWith("io.pagetune.targets.") && !slice(ref).equals(slice(s.pkg()))) {
          violations.add(s.file() + " -> " + ref);
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  /** targets.sap.x → targets.sap */
  private static String slice(String pkg) {
    String[] parts = pkg.split("\\.");
    return parts.length < 4 ? pkg : String.join(".", parts[0], parts[1], parts[2], parts[3]);
  }

  @Test
  void scheduleKnowsNoPageSize() throws IOException {
    // a queued restart names a kind and a host, never what it makes effective
    assertFalse(SourceReferences.under("io.pagetune.schedule").isEmpty());
    noClasses()
        .that()
        .resideInAPackage("io.pagetune.schedule..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.pagetune.pages..")
        .check(MainClasses.get());
    assertNoSourceNames("io.pagetune.schedule", "io.pagetune.pages");
  }

  @Test
  void savedPlansKnowNoTargetNorRestart() throws IOException {
    // a saved plan is a document of steps, whatever target planned them and however restarts run
    assertFalse(SourceReferences.under("io.pagetune.plan").isEmpty());
    for (String below : List.of("io.pagetune.targets", "io.pagetune.restart")) {
      noClasses()
          .that()
          .resideInAPackage("io.pagetune.plan..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage(below + "..")
          .check(MainClasses.get());
      assertNoSourceNames("io.pagetune.plan", below);
    }
  }

  /**
   * ServiceNow is one source of windows, plugged in from above: nothing else in schedule names it.
   */
  @Test
  void onlyServiceNowItselfNamesServiceNowInSchedule() throws IOException {
    noClasses()
        .that()
        .resideInAPackage("io.pagetune.schedule..")
        .and()
        .resideOutsideOfPackage("io.pagetune.schedule.servicenow..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.pagetune.schedule.servicenow..")
        .check(MainClasses.get());
    List<String> named = new ArrayList<>();
    for (SourceReferences.Source s : SourceReferences.under("io.pagetune.schedule")) {
      if (!s.pkg().startsWith("io.pagetune.schedule.servicenow")
          && s.references().stream()
              .anyMatch(r -> r.startsWith("io.pagetune.schedule.servicenow"))) {
        named.add(s.file().toString());
      }
    }
    assertEquals(List.of(), named);
  }

  @Test
  void restartOrchestrationLivesBelowTheCli() {
    assertFalse(Files.exists(MAIN.resolve("io/pagetune/cli/restart")), "cli/restart is back");
    assertTrue(Files.isDirectory(MAIN.resolve("io/pagetune/restart")));
  }

  @Test
  void linuxNamesNoOracleOrPostgresType() throws IOException {
    Pattern targetType =
        Pattern.compile(
            "\\b(?:Oracle|Postgres|Pg|Sqlplus)[A-Z]\\w*|\\bInstanceSga\\b|\\bShmSegment\\b");
    List<String> violations = new ArrayList<>();
    for (SourceReferences.Source s : SourceReferences.under("io.pagetune.linux")) {
      Matcher m = targetType.matcher(code(Files.readString(s.file())));
      while (m.find()) {
        violations.add(s.file() + ": " + m.group());
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void theTwoPoolModulesShareOnePoolPlan() throws IOException {
    Path targets = MAIN.resolve("io/pagetune/targets");
    for (String module :
        List.of("oracle/OracleHugepagesModule.java", "postgres/PostgresHugepagesModule.java")) {
      String text = code(Files.readString(targets.resolve(module)));
      assertTrue(text.contains("PoolPlan.plan("), module + " does not plan the pool with PoolPlan");
    }
    // the sizing of the pool (sum, cap, in-use floor) is written once, in linux
    List<String> sizers = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        if (code(Files.readString(f)).contains("new HugePagePool(")
            && !f.startsWith(MAIN.resolve("io/pagetune/linux"))) {
          sizers.add(f.toString());
        }
      }
    }
    assertEquals(List.of(), sizers);
  }

  @Test
  void theScannerSeesFullyQualifiedNamesToo() {
    Set<String> refs =
        SourceReferences.references(
            "package io.pagetune.x;\nimport io.pagetune.a.B;\nclass C { io.pagetune.d.e.F f; }\n");
    assertEquals(Set.of("io.pagetune.a", "io.pagetune.d.e"), refs);
  }

  /** Java text without its comments (so that prose may name Oracle and PostgreSQL). */
  private static String code(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
  }

  private static void assertNoSourceNames(String pkg, String forbidden) throws IOException {
    List<String> violations = new ArrayList<>();
    for (SourceReferences.Source s : SourceReferences.under(pkg)) {
      for (String ref : s.references()) {
        if (ref.equals(forbidden) || ref.startsWith(forbidden + ".")) {
          violations.add(s.file() + " -> " + ref);
        }
      }
    }
    assertEquals(List.of(), violations);
  }
}
