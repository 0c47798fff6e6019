package io.pagetune.linux;

import static io.pagetune.linux.FixtureData.copy;
import static io.pagetune.linux.FixtureData.maps;
import static io.pagetune.linux.FixtureData.optional;
import static io.pagetune.linux.FixtureData.strings;
import static io.pagetune.linux.FixtureData.yamlList;
import static io.pagetune.linux.FixtureData.yamlMap;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.app.Wiring;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.lab.LabConnection;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.targets.oracle.OracleTestFacts;
import io.pagetune.targets.postgres.PostgresTestFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host-wide pool rules as data: each {@code linux/<rule>/<case>/} holds the host's files
 * ({@code host/}, laid over the Oracle Linux base host of the module fixtures), the outputs the
 * modules read ({@code ipcs.txt}, {@code pg_lsclusters.txt}, {@code cluster/<version>-<name>.txt}),
 * the tasks of one run ({@code tasks.yml}: the modules and loop items that write the pool) and what
 * must hold ({@code expected.yml}: the pool, the states, optionally the exact plan of the first
 * task, lines the run leaves in files such as the boot entries, or the refusal), and what the host
 * lacks of the base host ({@code host-lacks.txt}); its README cites the platform rule. Every order
 * of the tasks is run on a fresh host: each task's check-mode plan predicts the file its apply
 * writes, the pool ends the same in every order, and a second run in every order plans nothing.
 * Where the result depends on the order, {@code expected.yml} says it per order ({@code orders: -
 * tasks: [task, …]} with the keys above, and {@code refused_by}: the task that refuses after the
 * ones before it applied, ending that host's run); the second run repeats that order. An order
 * names its tasks by their {@code name} in {@code tasks.yml}, else by their module ({@link
 * TaskOrders}). Unless a task refuses in some order, the pool ends the same in every order.
 */
class PoolFixturesTest {
  private static final Path FIXTURES = Path.of("src/test/resources/linux");
  private static final Path BASE = Path.of("src/test/resources/modules/oracle_hugepages/base");
  // The pool rules; the boot, tuned and memlock rules beside them are other tests' data.
  private static final List<String> POOL_RULES =
      List.of("one-pool", "page-sizes", "shm-group", "pg-settings");
  private static final String POOL_FILE = "/etc/sysctl.d/97-pagetune-hugepages.conf";

  @TempDir Path tmp;

  @TestFactory
  Stream<DynamicTest> everyCase() throws IOException {
    List<Path> cases = new ArrayList<>();
    for (String rule : POOL_RULES) {
      try (Stream<Path> in = Files.list(FIXTURES.resolve(rule))) {
        in.filter(Files::isDirectory).sorted().forEach(cases::add);
      }
    }
    assertTrue(cases.size() >= 5, "fixture cases: " + cases);
    return cases.stream()
        .map(c -> DynamicTest.dynamicTest(FIXTURES.relativize(c).toString(), () -> run(c)));
  }

  private void run(Path dir) throws IOException {
    assertTrue(Files.exists(dir.resolve("README.md")), dir + " cites no rule");
    List<Map<String, Object>> tasks = yamlList(dir.resolve("tasks.yml"));
    Map<String, Object> top = yamlMap(dir.resolve("expected.yml"));
    List<Map<String, Object>> perOrder = maps(top.get("orders"));
    if (!perOrder.isEmpty()) {
      TaskOrders.assertKeysUnique(dir, tasks);
    }
    Set<String> endings = new LinkedHashSet<>();
    Set<List<String>> matched = new LinkedHashSet<>();
    int n = 0;
    for (List<Map<String, Object>> order : TaskOrders.all(tasks)) {
      Map<String, Object> expected = expectedFor(dir, top, perOrder, order, matched);
      Path root = Files.createTempDirectory(tmp, dir.getFileName() + "-" + n++ + "-");
      host(dir, root);
      // the exact plan is of the first task of the first order, or of each order that gives its own
      int applied = runOrder(dir, root, order, expected, n == 1 || !perOrder.isEmpty());
      if (applied == 0 && expected.containsKey("refused")) {
        continue; // whatever runs first refuses: nothing is written
      }
      endings.add(assertEnding(dir, root, order, expected));
      // the second run plans nothing and reports the pool persisted: in every order where the
      // result is the same in all of them, else in this order, refusing where it refused
      Set<String> seen = new LinkedHashSet<>();
      for (List<Map<String, Object>> again :
          perOrder.isEmpty() ? TaskOrders.all(tasks) : List.of(order)) {
        for (Map<String, Object> task : again.subList(0, applied)) {
          Plan plan = harness(dir, root, (String) task.get("module")).plan(args(task));
          assertTrue(plan.failure().isEmpty(), () -> dir + ": " + plan.failure().get());
          assertEquals(List.of(), plan.steps(), () -> dir + " second run of " + task);
          assertStates(dir, plan, expected, seen);
          for (Map.Entry<?, ?> d :
              ((Map<?, ?>) expected.getOrDefault("data", Map.of())).entrySet()) {
            assertEquals(d.getValue(), plan.data().get(String.valueOf(d.getKey())), dir + ": " + d);
          }
        }
        if (applied < again.size()) {
          assertRefused(
              dir,
              harness(dir, root, module(again, applied)).plan(args(again.get(applied))),
              expected);
        }
      }
      Map<?, ?> wanted = (Map<?, ?>) expected.getOrDefault("states", Map.of());
      assertEquals(
          wanted.keySet().stream().map(String::valueOf).sorted().toList(),
          wanted.keySet().stream().map(String::valueOf).filter(seen::contains).sorted().toList(),
          () -> dir + ": a state no module reported; reported: " + seen);
    }
    assertEquals(
        perOrder.stream().map(o -> strings(o.get("tasks"))).collect(Collectors.toSet()),
        matched,
        () -> dir + ": an order expected.yml names that the tasks do not run");
    boolean refuses =
        top.containsKey("refused") || perOrder.stream().anyMatch(o -> o.containsKey("refused"));
    if (!refuses) {
      assertEquals(1, endings.size(), () -> dir + ": the pool depends on the order: " + endings);
    }
  }

  /**
   * What {@code order} must give: the case's expectation, with the keys of its entry in {@code
   * orders} (matched by the tasks' keys in order, {@link TaskOrders#key}) in place of the case's
   * own. {@code refused} names the reason of the first task that refuses ({@code refused_by} names
   * its key, else it is the order's first); the tasks before it apply, and the run of that host
   * stops there.
   */
  private static Map<String, Object> expectedFor(
      Path dir,
      Map<String, Object> top,
      List<Map<String, Object>> perOrder,
      List<Map<String, Object>> order,
      Set<List<String>> matched) {
    List<String> keys = TaskOrders.keys(order);
    Map<String, Object> out = new LinkedHashMap<>(top);
    out.remove("orders");
    if (perOrder.isEmpty()) {
      return out;
    }
    Map<String, Object> mine =
        perOrder.stream()
            .filter(o -> strings(o.get("tasks")).equals(keys))
            .findFirst()
            .orElseThrow(() -> new AssertionError(dir + ": expected.yml has no order " + keys));
    matched.add(keys);
    out.putAll(mine);
    return out;
  }

  /**
   * Runs {@code order} on a fresh host: each task's plan (exact for the first, when given) is
   * applied and predicted the files apply wrote, up to the task that must refuse, which writes
   * nothing. Returns how many tasks applied.
   */
  private int runOrder(
      Path dir,
      Path root,
      List<Map<String, Object>> order,
      Map<String, Object> expected,
      boolean first)
      throws IOException {
    int refusing = refusingTask(dir, order, expected);
    for (int i = 0; i < order.size(); i++) {
      Map<String, Object> args = args(order.get(i));
      ModuleHarness h = harness(dir, root, module(order, i));
      Plan plan = h.plan(args);
      if (i == refusing) {
        assertRefused(dir, plan, expected);
        return i;
      }
      assertTrue(plan.failure().isEmpty(), () -> dir + ": " + plan.failure().get());
      if (first && expected.containsKey("plan")) {
        // the exact plan of the run's first task on the fresh host
        assertEquals(
            strings(expected.get("plan")),
            plan.steps().stream().map(Step::describe).toList(),
            () -> dir + ": the plan");
        first = false;
      }
      ApplyResult r = h.apply(args);
      assertTrue(r.failure().isEmpty(), () -> dir + ": " + r.failure().get());
      // check mode predicted the apply: every file the plan showed is what apply wrote
      for (FileDiff d : plan.diffs()) {
        assertEquals(d.after(), read(root, d.path()), dir + ": " + d.path() + " as predicted");
      }
    }
    return order.size();
  }

  /** The index in {@code order} of the task that must refuse, or past its end when none does. */
  private static int refusingTask(
      Path dir, List<Map<String, Object>> order, Map<String, Object> expected) {
    if (!expected.containsKey("refused")) {
      return order.size();
    }
    Object by = expected.get("refused_by");
    if (by == null) {
      return 0;
    }
    for (int i = 0; i < order.size(); i++) {
      if (by.equals(TaskOrders.key(order.get(i)))) {
        return i;
      }
    }
    throw new AssertionError(dir + ": refused_by names no task: " + by);
  }

  private static void assertRefused(Path dir, Plan plan, Map<String, Object> expected) {
    String reason = String.valueOf(expected.get("refused"));
    assertTrue(plan.failure().orElse("").contains(reason), () -> dir + ": " + plan);
    assertEquals(List.of(), plan.steps(), () -> dir + ": a refused plan writes nothing");
  }

  /** The pool file and the files the run leaves, as {@code expected} says; the pool file. */
  private static String assertEnding(
      Path dir, Path root, List<Map<String, Object>> order, Map<String, Object> expected)
      throws IOException {
    String pool = read(root, POOL_FILE);
    assertTrue(
        pool.contains("vm.nr_hugepages = " + expected.get("nr_hugepages") + "\n"),
        () -> dir + " in order " + TaskOrders.describe(order) + ":\n" + pool);
    for (String line : strings(expected.get("pool_file_contains"))) {
      assertTrue(pool.contains(line), () -> dir + ": no '" + line + "' in\n" + pool);
    }
    Map<?, ?> files = (Map<?, ?>) expected.getOrDefault("files_contain", Map.of());
    for (Map.Entry<?, ?> f : files.entrySet()) {
      String text = read(root, String.valueOf(f.getKey()));
      for (String line : strings(f.getValue())) {
        assertTrue(
            text.lines().anyMatch(line::equals),
            () -> dir + ": no line '" + line + "' in " + f.getKey() + ":\n" + text);
      }
    }
    // the exact files the run leaves (the cluster's setting where the server reads it)
    for (Map.Entry<?, ?> f : ((Map<?, ?>) expected.getOrDefault("files", Map.of())).entrySet()) {
      assertEquals(f.getValue(), read(root, String.valueOf(f.getKey())), dir + ": " + f.getKey());
    }
    return pool;
  }

  /** Every state {@code expected.yml} names: its persisted/effective flags and a reason. */
  @SuppressWarnings("unchecked")
  private static void assertStates(
      Path dir, Plan plan, Map<String, Object> expected, Set<String> seen) {
    List<Map<String, Object>> states =
        (List<Map<String, Object>>) plan.registered().get("page_state");
    states.forEach(s -> seen.add(String.valueOf(s.get("target"))));
    Map<String, Object> wanted = (Map<String, Object>) expected.getOrDefault("states", Map.of());
    for (Map.Entry<String, Object> w : wanted.entrySet()) {
      Optional<Map<String, Object>> st =
          states.stream().filter(s -> s.get("target").equals(w.getKey())).findFirst();
      if (st.isEmpty()) {
        continue; // that module does not report this target
      }
      Map<String, Object> want = (Map<String, Object>) w.getValue();
      for (String k :
          List.of(
              "desired",
              "persisted",
              "persisted_value",
              "effective",
              "effective_value",
              "pending_restart")) {
        if (want.containsKey(k)) {
          assertEquals(want.get(k), st.get().get(k), () -> dir + ": " + w.getKey() + " " + k);
        }
      }
      for (String reason : strings(want.get("reasons_contain"))) {
        assertTrue(
            String.valueOf(st.get().get("reasons")).contains(reason),
            () -> dir + ": " + w.getKey() + " reasons " + st.get().get("reasons"));
      }
    }
  }

  private static ModuleHarness harness(Path dir, Path root, String module) throws IOException {
    return new ModuleHarness(module(module), root, lab(root))
        .facts(facts(dir))
        .environment(
            Map.of("PATH", Path.of("lab/bin").toAbsolutePath() + ":" + System.getenv("PATH")));
  }

  /** The facts a case gives: its ipcs, JVMs, clusters and their states, not this machine's. */
  static Map<String, Object> facts(Path dir) throws IOException {
    Map<String, Object> facts = new LinkedHashMap<>();
    Map.Entry<String, Object> shm = OracleTestFacts.ipcs(optional(dir.resolve("ipcs.txt")));
    facts.put(shm.getKey(), shm.getValue());
    // processes using huge pages today come from the case, not from this machine's /proc
    facts.put(
        JvmLargePagesSource.JVMS.name(),
        JvmLargePagesSource.parse(optional(dir.resolve("jvm.txt"))));
    // Debian's pg_lsclusters, or the clusters systemd runs (the fact script's output)
    facts.putAll(
        PostgresTestFacts.clusters(
            optional(dir.resolve("pg_lsclusters.txt")),
            optional(dir.resolve("units.txt")),
            id -> caseFile(dir.resolve("cluster/" + id.replace('/', '-') + ".txt"))));
    return facts;
  }

  /** The module as the composition root wires it. */
  static Module module(String name) {
    return new Wiring()
        .moduleList(Clock.systemUTC()).stream()
            .filter(x -> x.name().equals(name))
            .findFirst()
            .orElseThrow();
  }

  /** A lab connection whose host is the scratch {@code root}. */
  static Connection lab(Path root) {
    return LabConnection.factory()
        .open(
            new ConnectionSpec(
                "db1",
                "lab",
                "db1",
                null,
                null,
                null,
                Map.of("pagetune_lab_root", root.toString(), "pagetune_lab_bin", "lab/bin")));
  }

  private static void host(Path dir, Path root) throws IOException {
    copy(BASE, root);
    Files.createDirectories(root.resolve("etc/sysctl.d"));
    Files.createDirectories(root.resolve("etc/security/limits.d"));
    if (Files.isDirectory(dir.resolve("host"))) {
      copy(dir.resolve("host"), root);
    }
    // what this host does not have of the base host (a kernel without 1 GiB pages)
    for (String lacks : optional(dir.resolve("host-lacks.txt")).split("\n")) {
      if (!lacks.isBlank()) {
        Path gone = root.resolve(lacks.strip().substring(1));
        try (Stream<Path> paths = Files.walk(gone)) {
          for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> args(Map<String, Object> task) {
    return new LinkedHashMap<>((Map<String, Object>) task.getOrDefault("args", Map.of()));
  }

  private static String module(List<Map<String, Object>> order, int i) {
    return (String) order.get(i).get("module");
  }

  private static String caseFile(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path root, String path) throws IOException {
    return Files.readString(root.resolve(path.substring(1)));
  }
}
