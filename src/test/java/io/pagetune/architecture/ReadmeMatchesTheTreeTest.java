package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
 * What the READMEs say about the code holds: the package map of README.md has one row per package
 * of src/main and no row for a package that is gone, and the classes the package map and the module
 * fixtures' README name exist.
 */
class ReadmeMatchesTheTreeTest {
  private static final Path README = Path.of("README.md");

  /** The modules READMEs: the package's own (the targets branch of issue 21 adds it), fixtures'. */
  private static final List<Path> MODULE_READMES =
      List.of(
          Path.of("src/main/java/io/pagetune/modules/README.md"),
          Path.of("src/test/resources/modules/README.md"));

  private static final List<Path> SOURCES =
      List.of(Path.of("src/main/java"), Path.of("src/test/java"));
  private static final String MAP_HEADER = "| package (`io.pagetune.…`) | concern |";

  /** A class named in prose: {@code Keyword}, {@code cli.Wiring}, {@code io.pagetune.x.Y}. */
  private static final Pattern CLASS_NAME =
      Pattern.compile("`((?:[a-z][a-z0-9]*\\.)*)([A-Z][a-z][A-Za-z0-9]*)`");

  private static final Pattern TYPE_DECLARATION =
      Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z][A-Za-z0-9]*)");

  @Test
  void thePackageMapHasOneRowPerPackage() throws IOException {
    Set<String> rows = new TreeSet<>();
    for (String row : packageMap()) {
      Matcher m = Pattern.compile("^\\| `([a-z.<>]+)` \\|").matcher(row);
      if (m.find()) {
        rows.add(m.group(1));
      }
    }
    assertFalse(rows.isEmpty(), "no package map in README.md");
    Set<String> packages = mainPackages();
    Set<String> missing = new TreeSet<>();
    for (String pkg : packages) {
      if (!rows.contains(pkg)
          && !(pkg.matches("targets\\.[a-z0-9]+") && rows.contains("targets.<name>"))) {
        missing.add(pkg);
      }
    }
    assertEquals(Set.of(), missing, "packages without a row in README.md's package map");
    Set<String> gone = new TreeSet<>();
    for (String row : rows) {
      boolean exists =
          row.equals("targets.<name>")
              ? packages.stream().anyMatch(p -> p.startsWith("targets."))
              : packages.contains(row);
      if (!exists) {
        gone.add(row);
      }
    }
    assertEquals(Set.of(), gone, "rows naming no package of src/main");
  }

  @Test
  void thePackageMapNamesClassesThatExist() throws IOException {
    assertEquals(List.of(), missingClasses(String.join("\n", packageMap())), "README.md");
  }

  @Test
  void theModulesReadmesNameClassesThatExist() throws IOException {
    List<Path> present = MODULE_READMES.stream().filter(Files::exists).toList();
    assertFalse(present.isEmpty(), "no modules README");
    for (Path readme : present) {
      assertEquals(List.of(), missingClasses(Files.readString(readme)), readme.toString());
    }
  }

  /** The named classes no source declares (a package given must hold it, as a file or nested). */
  private static List<String> missingClasses(String text) throws IOException {
    List<String> missing = new ArrayList<>();
    Set<String> types = declaredTypes();
    Matcher m = CLASS_NAME.matcher(text);
    while (m.find()) {
      String pkg = m.group(1).replaceFirst("^io\\.pagetune\\.", "").replaceFirst("\\.$", "");
      if (!types.contains(pkg.isEmpty() ? m.group(2) : pkg + "." + m.group(2))) {
        missing.add(m.group(1) + m.group(2));
      }
    }
    return missing;
  }

  /** Every type of main and test, by simple name and by package-qualified name. */
  private static Set<String> declaredTypes() throws IOException {
    Set<String> out = new TreeSet<>();
    for (Path root : SOURCES) {
      Path base = root.resolve("io/pagetune");
      try (Stream<Path> files = Files.walk(base)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String pkg = base.relativize(f.getParent()).toString().replace('/', '.');
          Matcher d = TYPE_DECLARATION.matcher(Files.readString(f));
          while (d.find()) {
            out.add(d.group(1));
            out.add(pkg + "." + d.group(1));
          }
        }
      }
    }
    return out;
  }

  /** The rows of README.md's package table. */
  private static List<String> packageMap() throws IOException {
    List<String> lines = Files.readAllLines(README);
    int start = lines.indexOf(MAP_HEADER);
    assertFalse(start < 0, "README.md has no package map headed " + MAP_HEADER);
    List<String> rows = new ArrayList<>();
    for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      rows.add(lines.get(i));
    }
    return rows;
  }

  /** {@code cli}, {@code connection.ssh}, …: every directory of src/main holding Java sources. */
  private static Set<String> mainPackages() throws IOException {
    Path base = SourceReferences.MAIN.resolve("io/pagetune");
    Set<String> out = new TreeSet<>();
    try (Stream<Path> files = Files.walk(base)) {
      files
          .filter(p -> p.toString().endsWith(".java"))
          .map(p -> base.relativize(p.getParent()).toString().replace('/', '.'))
          .filter(p -> !p.isEmpty())
          .forEach(out::add);
    }
    return out;
  }
}
