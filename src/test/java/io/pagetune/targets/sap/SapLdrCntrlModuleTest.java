package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The data cases under src/test/resources/modules/sap_ldr_cntrl (see the README there). */
class SapLdrCntrlModuleTest {
  @TempDir Path tmp;

  private static Path fixture(String name) {
    return Path.of("src/test/resources/modules/sap_ldr_cntrl").resolve(name);
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gaps-and-comments",
        "merge-maxdata",
        "duplicate-setenv",
        "patch-too-low",
        "unknown-release",
        "unknown-release-allowed",
        "past-99",
        "other-duplicate-flagged"
      })
  void fixtureCase(String name) throws IOException {
    Path fixture = fixture(name);
    Path dir = tmp.resolve("profile");
    Files.createDirectories(dir);
    for (String f : names(fixture.resolve("profiles"))) {
      Files.copy(fixture.resolve("profiles").resolve(f), dir.resolve(f));
    }
    String[] kernel = Files.readString(fixture.resolve("kernel")).strip().split(" ");
    Optional<SapKernelVersion> version =
        kernel[0].equals("none")
            ? Optional.empty()
            : Optional.of(
                new SapKernelVersion(Integer.parseInt(kernel[0]), Integer.parseInt(kernel[1])));
    SapSystemFacts system =
        new SapSystemFacts(
            "NWP",
            dir.toString(),
            SapSystemFacts.instanceAndStartProfiles("NWP", names(dir)),
            List.of(),
            version,
            PsPageSizes.parse(""));
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("sid", "NWP");
    args.put("profile_dir", dir.toString());
    if (Files.exists(fixture.resolve("task-args"))) {
      for (String line : Files.readAllLines(fixture.resolve("task-args"))) {
        int eq = line.indexOf('=');
        args.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    ModuleHarness h =
        new ModuleHarness(
                new SapLdrCntrlModule(Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC)), tmp)
            .facts(
                Map.of(SapSystemsScan.fact("NWP", dir.toString()).name(), Map.of("NWP", system)));
    if (Files.exists(fixture.resolve("refused"))) {
      String before = TreeHash.of(tmp);
      Plan plan = h.plan(args);
      String expected = Files.readString(fixture.resolve("refused")).strip();
      assertTrue(plan.failure().isPresent(), "expected a refusal");
      assertTrue(
          plan.failure().get().contains(expected),
          () -> "'" + expected + "' not in: " + plan.failure().get());
      assertEquals(before, TreeHash.of(tmp));
      return;
    }
    Plan first = h.plan(args);
    List<String> restarts = new ArrayList<>();
    for (Step s : first.steps()) {
      if (s instanceof Step.RequestRestart r) {
        assertEquals(SapTarget.SYSTEM_RESTART.target("localhost", "NWP"), r.target());
        restarts.add(r.reason());
      }
    }
    assertEquals(1, restarts.size(), "one SAP system restart requested");
    assertEquals(false, first.data().get("persisted"));
    if (Files.exists(fixture.resolve("warning"))) {
      String warning = Files.readString(fixture.resolve("warning")).strip();
      assertEquals(List.of(warning), first.data().get("warnings"));
      assertTrue(String.valueOf(first.data().get("msg")).contains("WARNING: " + warning));
    }
    ApplyResult applied = h.assertConverges(args);
    assertEquals(1, applied.restarts().size());
    Plan second = h.plan(args);
    assertEquals(true, second.data().get("persisted"));
    assertEquals(true, second.data().get("pending_restart"), "nothing runs with the new setting");
    assertTrue(
        String.valueOf(second.data().get("msg")).contains("pending restart of SAP system NWP"));
    for (String f : names(fixture.resolve("expected"))) {
      assertEquals(
          Files.readString(fixture.resolve("expected").resolve(f)),
          Files.readString(dir.resolve(f)),
          f);
    }
    for (String f : names(dir)) {
      boolean backup = f.endsWith(ModuleHarness.BACKUP_SUFFIX);
      assertTrue(
          backup || Files.exists(fixture.resolve("expected").resolve(f)), "unexpected file " + f);
    }
  }
}
