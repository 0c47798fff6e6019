package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.FileDiff;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs the data cases under src/test/resources/modules/<module>/<case>/ (see README there). */
class EditFixturesTest {
  private static final Map<String, String> PATH_ARGUMENT =
      Map.of(
          "lineinfile", "path",
          "blockinfile", "path",
          "sysctl", "sysctl_file",
          "replace", "path",
          "ini_file", "path",
          "pam_limits", "dest");

  @TempDir Path dir;

  static Stream<String> cases() throws IOException, URISyntaxException {
    Path root = Path.of(EditFixturesTest.class.getResource("/modules").toURI());
    List<String> cases;
    try (Stream<Path> walk = Files.walk(root, 2)) {
      cases =
          walk.filter(p -> Files.exists(p.resolve("args")))
              .map(p -> root.relativize(p).toString())
              .sorted()
              .collect(Collectors.toList());
    }
    assertTrue(cases.size() >= 6, "fixtures not found: " + cases);
    return cases.stream();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void fixture(String name) throws Exception {
    Path fixture = Path.of(EditFixturesTest.class.getResource("/modules/" + name).toURI());
    String moduleName = fixture.getParent().getFileName().toString();
    Module module =
        new io.pagetune.app.Wiring()
            .modules(java.time.Clock.systemUTC())
            .find(moduleName)
            .orElseThrow(() -> new AssertionError(moduleName));
    Path target = dir.resolve("target.conf");
    String before = null;
    if (Files.exists(fixture.resolve("before"))) {
      before = Files.readString(fixture.resolve("before"));
      Files.writeString(target, before);
    }
    String after = Files.readString(fixture.resolve("after"));
    Map<String, Object> args = readArgs(fixture);
    args.put(PATH_ARGUMENT.get(moduleName), target.toString());

    ModuleHarness harness = new ModuleHarness(module, dir);
    Plan plan = harness.plan(args);
    assertEquals(
        List.of(new FileDiff(target.toString(), before == null ? "" : before, after)),
        plan.diffs());
    harness.assertConverges(args);
    assertEquals(after, Files.readString(target));
    if (Boolean.parseBoolean(String.valueOf(args.get("backup")))) {
      assertEquals(
          before, Files.readString(dir.resolve("target.conf" + ModuleHarness.BACKUP_SUFFIX)));
    } else {
      assertFalse(Files.exists(dir.resolve("target.conf" + ModuleHarness.BACKUP_SUFFIX)));
    }
  }

  private static Map<String, Object> readArgs(Path fixture) throws IOException {
    Map<String, Object> args = new LinkedHashMap<>();
    for (String line : Files.readAllLines(fixture.resolve("args"))) {
      if (line.isBlank()) {
        continue;
      }
      int eq = line.indexOf('=');
      args.put(line.substring(0, eq), line.substring(eq + 1));
    }
    try (Stream<Path> files = Files.list(fixture)) {
      for (Path p : files.filter(f -> f.getFileName().toString().startsWith("arg.")).toList()) {
        args.put(p.getFileName().toString().substring(4), Files.readString(p));
      }
    }
    return args;
  }
}
