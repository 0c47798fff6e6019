package io.pagetune.architecture;

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

/**
 * The pagetune packages each main source names, read from its text: what the class files may not
 * show (a {@code static final} constant is inlined by javac and leaves no dependency behind).
 */
final class SourceReferences {
  static final Path MAIN = Path.of("src/main/java");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bio\\.pagetune((?:\\.[a-z][a-z0-9]*)+)");

  /** One source file and the pagetune packages it refers to. */
  record Source(Path file, String pkg, Set<String> references) {}

  private SourceReferences() {}

  static List<Source> under(String pkgPrefix) throws IOException {
    List<Source> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        String pkg = MAIN.relativize(f.getParent()).toString().replace('/', '.');
        if (pkg.equals(pkgPrefix) || pkg.startsWith(pkgPrefix + ".")) {
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
