package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.FileWrite;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.StepRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code src/test/resources/linux/page-size-boot/<case>/}: a PostgreSQL cluster with {@code
 * huge_page_size = 1GB} gets its 1 GiB pool at boot from its own {@code hugepagesz=1G hugepages=N}
 * pair, written into the files the distribution keeps the command line in. {@code host/} is the
 * whole host; {@code expected.yml} holds the task, the exact plan and the states before and after,
 * or {@code refused}: the one line the plan fails with; {@code expected-after/} every boot file as
 * it must be written. Each case asserts the plan, that check mode showed what apply wrote, that
 * every write was journaled with the content it replaced before it landed (what rollback writes
 * back: doing so gives back every file the plan showed; the live pool is kernel state, not a file),
 * the states, and that a second run plans nothing.
 */
class PageSizeBootFixturesTest {
  private static final String MODULE = "postgres_hugepages";

  static Stream<Path> cases() throws IOException {
    return LinuxRuleCase.cases("page-size-boot").stream();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void theOneGigPoolIsWrittenForTheNextBootAsItsOwnPair(Path dir, @TempDir Path tmp)
      throws Exception {
    assertTrue(Files.exists(dir.resolve("README.md")), dir + " cites no rule");
    Map<String, Object> expected = FixtureData.yamlMap(dir.resolve("expected.yml"));
    @SuppressWarnings("unchecked")
    Map<String, Object> args = new LinkedHashMap<>((Map<String, Object>) expected.get("args"));
    Path root = tmp.resolve("host");
    FixtureData.copy(dir.resolve("host"), root);
    Files.createDirectories(root.resolve("etc/sysctl.d"));
    Connection lab = PoolFixturesTest.lab(root);
    Module module = PoolFixturesTest.module(MODULE);
    ModuleHarness h =
        new ModuleHarness(module, root, lab)
            .facts(PoolFixturesTest.facts(dir))
            .environment(
                Map.of("PATH", Path.of("lab/bin").toAbsolutePath() + ":" + System.getenv("PATH")));

    // check mode: the exact plan, the boot files as they will be written, the states now
    Plan check = h.plan(args);
    Object refused = expected.get("refused");
    if (refused != null) {
      assertEquals(Optional.of(refused), check.failure(), dir + ": refused");
      return;
    }
    assertTrue(check.failure().isEmpty(), () -> dir + ": " + check.failure().get());
    assertEquals(
        FixtureData.strings(expected.get("plan")),
        check.changeSteps().stream().map(Step::describe).toList(),
        dir + ": the plan");
    List<String> bootFiles = expectedAfter(dir);
    for (String path : bootFiles) {
      FileDiff d =
          check.diffs().stream()
              .filter(x -> x.path().equals(path))
              .findFirst()
              .orElseThrow(() -> new AssertionError(dir + ": check mode shows no " + path));
      assertEquals(read(dir.resolve("expected-after" + path)), d.after(), dir + ": " + path);
    }
    assertStates(dir, check, expected.get("check"));

    // apply: journaled before each write lands, and what check mode showed is what it wrote
    ModuleCall call = h.call(args);
    List<FileWrite> journal = new ArrayList<>();
    StepRunner runner =
        new StepRunner(
            lab,
            Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC),
            write -> {
              Optional<String> now = hostFile(root, write.path());
              assertEquals(
                  write.before().map(String::new),
                  now,
                  dir + ": " + write.path() + " journaled before it was written");
              journal.add(write);
              return () -> {};
            });
    ApplyResult applied = runner.run(h.plan(call), call);
    assertTrue(applied.failure().isEmpty(), () -> dir + ": " + applied.failure().get());
    for (FileDiff d : check.diffs()) {
      assertEquals(Optional.of(d.after()), hostFile(root, d.path()), dir + ": " + d.path());
    }
    for (String path : bootFiles) {
      assertTrue(
          journal.stream().anyMatch(w -> w.path().equals(path)), dir + ": " + path + " journaled");
    }

    // the second run plans nothing and reports the pool persisted for the next boot
    Plan again = h.plan(args);
    assertTrue(again.failure().isEmpty(), () -> dir + ": " + again.failure().get());
    assertEquals(List.of(), again.steps(), dir + ": second run");
    assertStates(dir, again, expected.get("second_run"));

    // rollback writes back what the journal kept, newest first: the host is as it was
    for (int i = journal.size() - 1; i >= 0; i--) {
      FileWrite w = journal.get(i);
      Path p = root.resolve(w.path().substring(1));
      if (w.before().isPresent()) {
        Files.write(p, w.before().get());
      } else {
        Files.delete(p);
      }
    }
    for (FileDiff d : check.diffs()) {
      assertEquals(
          hostFile(dir.resolve("host"), d.path()),
          hostFile(root, d.path()),
          dir + ": the journal restores " + d.path());
    }
  }

  /** Every state {@code wanted} names: desired, persisted and its value, effective, reasons. */
  @SuppressWarnings("unchecked")
  private static void assertStates(Path dir, Plan plan, Object wanted) {
    List<Map<String, Object>> states =
        (List<Map<String, Object>>) plan.registered().get("page_state");
    for (Map.Entry<String, Object> w : ((Map<String, Object>) wanted).entrySet()) {
      Map<String, Object> st =
          states.stream()
              .filter(s -> s.get("target").equals(w.getKey()))
              .findFirst()
              .orElseThrow(() -> new AssertionError(dir + ": no state " + w.getKey()));
      Map<String, Object> want = (Map<String, Object>) w.getValue();
      for (String k : List.of("desired", "persisted", "persisted_value", "effective")) {
        if (want.containsKey(k)) {
          assertEquals(want.get(k), st.get(k), dir + ": " + w.getKey() + " " + k);
        }
      }
      for (String reason : FixtureData.strings(want.get("reasons_contain"))) {
        assertTrue(
            String.valueOf(st.get("reasons")).contains(reason),
            () -> dir + ": " + w.getKey() + " reasons " + st.get("reasons"));
      }
    }
  }

  /** The host paths {@code expected-after/} holds, sorted. */
  private static List<String> expectedAfter(Path dir) throws IOException {
    Path after = dir.resolve("expected-after");
    try (Stream<Path> files = Files.walk(after)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> "/" + after.relativize(p))
          .sorted()
          .toList();
    }
  }

  private static Optional<String> hostFile(Path root, String path) {
    Path p = root.resolve(path.substring(1));
    try {
      return Files.isRegularFile(p) ? Optional.of(Files.readString(p)) : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path p) throws IOException {
    return Files.readString(p);
  }
}
