package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Small pieces: a main source file has at most 400 lines, a method or constructor at most 80 (its
 * lambdas and anonymous classes counted within it). Lines are measured on the parsed sources, from
 * a member's first modifier to its closing brace.
 */
class SourceLengthsTest {
  static final int MAX_FILE_LINES = 400;
  static final int MAX_METHOD_LINES = 80;

  /** A measured file or member: where it is and how many lines it spans. */
  record Measure(String key, int lines) {
    @Override
    public String toString() {
      return key + " has " + lines + " lines";
    }
  }

  @Test
  void filesStayUnderTheLimit() throws IOException {
    List<String> over = new ArrayList<>();
    for (Path f : sources()) {
      int lines = Files.readAllLines(f, StandardCharsets.UTF_8).size();
      String key = key(f);
      if (lines > MAX_FILE_LINES) {
        over.add(new Measure(key, lines) + " (limit " + MAX_FILE_LINES + ")");
      }
    }
    assertEquals(List.of(), over);
  }

  @Test
  void methodsStayUnderTheLimit() throws IOException {
    List<String> over = new ArrayList<>();
    for (Measure m : methods(sources())) {
      if (m.lines() > MAX_METHOD_LINES) {
        over.add(m + " (limit " + MAX_METHOD_LINES + ")");
      }
    }
    assertEquals(List.of(), over);
  }

  @Test
  void theMeasureCountsLambdasAndConstructorsWithinTheirMember() throws IOException {
    Path dir = Files.createTempDirectory("lengths");
    Path f = dir.resolve("A.java");
    Files.writeString(
        f,
        String.join(
            "\n",
            "class A {",
            "  A() {",
            "    int x = 1;",
            "  }",
            "",
            "  @Deprecated",
            "  Runnable r() {",
            "    return () -> {",
            "      System.out.println();",
            "    };",
            "  }",
            "",
            "  class B {",
            "    void m() {}",
            "  }",
            "}",
            ""));
    List<Measure> measured = methods(List.of(f));
    assertTrue(measured.contains(new Measure(key(f) + "#A.<init>", 3)), measured.toString());
    assertTrue(measured.contains(new Measure(key(f) + "#A.r", 6)), measured.toString());
    assertTrue(measured.contains(new Measure(key(f) + "#A.B.m", 1)), measured.toString());
  }

  /** Every main source, parsed (not compiled) with the JDK's own compiler. */
  static List<Measure> methods(List<Path> files) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<Measure> out = new ArrayList<>();
    try (StandardJavaFileManager fm =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
      JavacTask task = (JavacTask) javac.getTask(null, fm, null, List.of(), null, units);
      SourcePositions positions = Trees.instance(task).getSourcePositions();
      for (CompilationUnitTree unit : task.parse()) {
        String key = key(Path.of(unit.getSourceFile().toUri()));
        new MemberScanner(unit, positions, key, out).scan(unit, null);
      }
    }
    return out;
  }

  /** Measures each method and constructor, named by its enclosing classes. */
  private static final class MemberScanner extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final SourcePositions positions;
    private final String file;
    private final List<Measure> out;
    private final Deque<String> classes = new ArrayDeque<>();

    MemberScanner(
        CompilationUnitTree unit, SourcePositions positions, String file, List<Measure> out) {
      this.unit = unit;
      this.positions = positions;
      this.file = file;
      this.out = out;
    }

    @Override
    public Void visitClass(ClassTree tree, Void unused) {
      String name = tree.getSimpleName().toString();
      classes.addLast(name.isEmpty() ? "<anonymous>" : name);
      try {
        return super.visitClass(tree, unused);
      } finally {
        classes.removeLast();
      }
    }

    @Override
    public Void visitMethod(MethodTree tree, Void unused) {
      if (tree.getBody() != null) {
        String owner = String.join(".", classes);
        out.add(new Measure(file + "#" + owner + "." + tree.getName(), lines(tree)));
      }
      return super.visitMethod(tree, unused);
    }

    private int lines(Tree tree) {
      LineMap map = unit.getLineMap();
      long first = map.getLineNumber(positions.getStartPosition(unit, tree));
      long last = map.getLineNumber(positions.getEndPosition(unit, tree));
      return (int) (last - first + 1);
    }
  }

  static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(SourceReferences.MAIN)) {
      List<Path> all = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      assertFalse(all.isEmpty());
      return all;
    }
  }

  /** The path under src/main/java ({@code io/pagetune/yaml/YamlReader.java}). */
  private static String key(Path f) {
    Path abs = f.toAbsolutePath().normalize();
    Path main = SourceReferences.MAIN.toAbsolutePath().normalize();
    return (abs.startsWith(main) ? main.relativize(abs) : abs.getFileName()).toString();
  }
}
