package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The package rules of DESIGN.md, read from the main sources: every reference to another pagetune
 * package counts, whether an import or a fully qualified name in the code.
 */
class PackageDependenciesTest {
  private static final Path MAIN = Path.of("src/main/java");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bio\\.pagetune((?:\\.[a-z][a-z0-9]*)+)");

  /** One source file and the pagetune packages it refers to. */
  record Source(Path file, String pkg, Set<String> references) {}

  @Test
  void targetsNeverReferToEachOther() throws IOException {
    List<String> violations = new ArrayList<>();
    List<Source> targets = sourcesUnder("io.pagetune.targets.");
    assertFalse(targets.isEmpty(), "no target slices found under io.pagetune.targets");
    for (Source s : targets) {
      String own = slice(s.pkg());
      for (String ref : s.references()) {
        if (ref.startsWith("io.pagetune.targets.") && !slice(ref).equals(own)) {
          violations.add(s.file() + " -> " + ref);
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void targetsDependOnlyDownwards() throws IOException {
    assertNoReferences(
        sourcesUnder("io.pagetune.targets"),
        List.of("io.pagetune.restart", "io.pagetune.executor", "io.pagetune.cli"));
  }

  @Test
  void sharedPagesKnowNoTarget() throws IOException {
    List<Source> pages = sourcesUnder("io.pagetune.pages");
    assertFalse(pages.isEmpty());
    assertNoReferences(pages, List.of("io.pagetune.targets"));
  }

  @Test
  void modulesKnowNoTarget() throws IOException {
    assertNoReferences(sourcesUnder("io.pagetune.modules"), List.of("io.pagetune.targets"));
  }

  @Test
  void scheduleImportsNothingAboveIt() throws IOException {
    List<Source> schedule = sourcesUnder("io.pagetune.schedule");
    assertFalse(schedule.isEmpty());
    assertNoReferences(
        schedule,
        List.of(
            "io.pagetune.modules",
            "io.pagetune.pages",
            "io.pagetune.targets",
            "io.pagetune.restart",
            "io.pagetune.executor",
            "io.pagetune.cli",
            "io.pagetune.inventory"));
  }

  /**
   * ServiceNow is one source of windows, plugged in from above: nothing else in schedule names it.
   */
  @Test
  void onlyServiceNowItselfNamesServiceNowInSchedule() throws IOException {
    List<Source> rest =
        sourcesUnder("io.pagetune.schedule").stream()
            .filter(s -> !s.pkg().startsWith("io.pagetune.schedule.servicenow"))
            .toList();
    assertNoReferences(rest, List.of("io.pagetune.schedule.servicenow"));
  }

  @Test
  void restartOrchestrationLivesBelowTheCli() throws IOException {
    assertFalse(Files.exists(MAIN.resolve("io/pagetune/cli/restart")), "cli/restart is back");
    assertTrue(Files.isDirectory(MAIN.resolve("io/pagetune/restart")));
    assertNoReferences(sourcesUnder("io.pagetune.restart"), List.of("io.pagetune.cli"));
  }

  @Test
  void savedPlansSitBetweenTheExecutorAndTheCli() throws IOException {
    List<Source> plan = sourcesUnder("io.pagetune.plan");
    assertFalse(plan.isEmpty());
    assertNoReferences(
        plan, List.of("io.pagetune.cli", "io.pagetune.targets", "io.pagetune.restart"));
    List<Source> below = new ArrayList<>(sourcesUnder("io.pagetune.executor"));
    below.addAll(sourcesUnder("io.pagetune.modules"));
    below.addAll(sourcesUnder("io.pagetune.schedule"));
    below.addAll(sourcesUnder("io.pagetune.state"));
    assertNoReferences(below, List.of("io.pagetune.plan"));
  }

  @Test
  void linuxSitsBetweenModulesAndTargets() throws IOException {
    List<Source> linux = sourcesUnder("io.pagetune.linux");
    assertFalse(linux.isEmpty(), "no io.pagetune.linux package");
    assertNoReferences(
        linux,
        List.of(
            "io.pagetune.targets",
            "io.pagetune.executor",
            "io.pagetune.cli",
            "io.pagetune.restart"));
    List<Source> below = new ArrayList<>(sourcesUnder("io.pagetune.modules"));
    below.addAll(sourcesUnder("io.pagetune.pages"));
    assertNoReferences(below, List.of("io.pagetune.linux"));
  }

  @Test
  void linuxNamesNoOracleOrPostgresType() throws IOException {
    Pattern targetType =
        Pattern.compile(
            "\\b(?:Oracle|Postgres|Pg|Sqlplus)[A-Z]\\w*|\\bInstanceSga\\b|\\bShmSegment\\b");
    List<String> violations = new ArrayList<>();
    for (Source s : sourcesUnder("io.pagetune.linux")) {
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

  /** Java text without its comments (so that prose may name Oracle and PostgreSQL). */
  private static String code(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
  }

  @Test
  void theScannerSeesFullyQualifiedNamesToo() {
    Set<String> refs =
        references(
            "package io.pagetune.x;\nimport io.pagetune.a.B;\nclass C { io.pagetune.d.e.F f; }\n");
    assertEquals(Set.of("io.pagetune.a", "io.pagetune.d.e"), refs);
  }

  private static void assertNoReferences(List<Source> sources, List<String> forbidden) {
    List<String> violations = new ArrayList<>();
    for (Source s : sources) {
      for (String ref : s.references()) {
        for (String f : forbidden) {
          if (ref.equals(f) || ref.startsWith(f + ".")) {
            violations.add(s.file() + " -> " + ref);
          }
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

  private static List<Source> sourcesUnder(String pkgPrefix) throws IOException {
    List<Source> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        String pkg = MAIN.relativize(f.getParent()).toString().replace('/', '.');
        if (pkg.equals(pkgPrefix) || pkg.startsWith(pkgPrefix)) {
          out.add(new Source(f, pkg, references(Files.readString(f))));
        }
      }
    }
    return out;
  }

  /**
   * The packages a source refers to: each {@code io.pagetune.…} name minus its class part (the
   * first segment that starts upper-case ends the package), the file's own package declaration left
   * out.
   */
  static Set<String> references(String source) {
    Set<String> refs = new TreeSet<>();
    for (String line : source.lines().toList()) {
      if (line.startsWith("package ")) {
        continue;
      }
      Matcher m = REFERENCE.matcher(line);
      while (m.find()) {
        refs.add("io.pagetune" + m.group(1));
      }
    }
    return refs;
  }
}
