package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.app.Wiring;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.lab.LabConnection;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.targets.oracle.IpcsShm;
import io.pagetune.targets.oracle.OracleFacts;
import io.pagetune.targets.postgres.PgCluster;
import io.pagetune.targets.postgres.PgClusterState;
import io.pagetune.targets.postgres.PgLsClusters;
import io.pagetune.targets.postgres.PostgresFacts;
import io.pagetune.targets.postgres.SystemdPgUnits;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

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
    Map<String, Object> expected = yamlMap(dir.resolve("expected.yml"));
    Set<String> endings = new LinkedHashSet<>();
    int n = 0;
    Optional<String> refused = Optional.ofNullable((String) expected.get("refused"));
    orders:
    for (List<Map<String, Object>> order : orders(tasks)) {
      Path root = Files.createTempDirectory(tmp, dir.getFileName() + "-" + n++ + "-");
      host(dir, root);
      boolean first = n == 1;
      for (Map<String, Object> task : order) {
        Map<String, Object> args = args(task);
        ModuleHarness h = harness(dir, root, (String) task.get("module"));
        Plan plan = h.plan(args);
        if (refused.isPresent()) {
          assertTrue(plan.failure().orElse("").contains(refused.get()), () -> dir + ": " + plan);
          assertEquals(List.of(), plan.steps(), () -> dir + ": a refused plan writes nothing");
          // the first task of every order refuses: whatever runs first, nothing is written
          continue orders;
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
      String pool = read(root, POOL_FILE);
      endings.add(pool);
      assertTrue(
          pool.contains("vm.nr_hugepages = " + expected.get("nr_hugepages") + "\n"),
          () -> dir + " in order " + names(order) + ":\n" + pool);
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
      // the second run, in every order, plans nothing and reports the pool persisted
      Set<String> seen = new LinkedHashSet<>();
      for (List<Map<String, Object>> again : orders(tasks)) {
        for (Map<String, Object> task : again) {
          Plan plan = harness(dir, root, (String) task.get("module")).plan(args(task));
          assertTrue(plan.failure().isEmpty(), () -> dir + ": " + plan.failure().get());
          assertEquals(List.of(), plan.steps(), () -> dir + " second run of " + task);
          assertStates(dir, plan, expected, seen);
          for (Map.Entry<?, ?> d :
              ((Map<?, ?>) expected.getOrDefault("data", Map.of())).entrySet()) {
            assertEquals(d.getValue(), plan.data().get(String.valueOf(d.getKey())), dir + ": " + d);
          }
        }
      }
      Map<?, ?> wanted = (Map<?, ?>) expected.getOrDefault("states", Map.of());
      assertEquals(
          wanted.keySet().stream().map(String::valueOf).sorted().toList(),
          wanted.keySet().stream().map(String::valueOf).filter(seen::contains).sorted().toList(),
          () -> dir + ": a state no module reported; reported: " + seen);
    }
    if (refused.isEmpty()) {
      assertEquals(1, endings.size(), () -> dir + ": the pool depends on the order: " + endings);
    }
  }

  /** Every state {@code expected.yml} names: its persisted/effective flags and a reason. */
  @SuppressWarnings("unchecked")
  private static void assertStates(
      Path dir, Plan plan, Map<String, Object> expected, Set<String> seen) {
    List<Map<String, Object>> states = (List<Map<String, Object>>) plan.data().get("page_state");
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
    facts.put(OracleFacts.IPCS.name(), IpcsShm.parse(optional(dir.resolve("ipcs.txt"))));
    // processes using huge pages today come from the case, not from this machine's /proc
    facts.put(
        JvmLargePagesSource.JVMS.name(),
        JvmLargePagesSource.parse(optional(dir.resolve("jvm.txt"))));
    // Debian's pg_lsclusters, or the clusters systemd runs (the fact script's output)
    List<PgCluster> clusters =
        new ArrayList<>(PgLsClusters.parse(optional(dir.resolve("pg_lsclusters.txt"))));
    clusters.addAll(SystemdPgUnits.parse(optional(dir.resolve("units.txt"))));
    facts.put(PostgresFacts.CLUSTERS.name(), clusters);
    for (PgCluster c : clusters) {
      String state = Files.readString(dir.resolve("cluster/" + c.id().replace('/', '-') + ".txt"));
      PgClusterState parsed =
          PgClusterState.fact(c.dataDirectory(), "").parse(CommandResult.of(0, state, ""));
      facts.put(PgClusterState.fact(c.dataDirectory(), "").name(), parsed);
      facts.put(PgClusterState.fact(c.dataDirectory(), c.bindir()).name(), parsed);
    }
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

  private static List<List<Map<String, Object>>> orders(List<Map<String, Object>> tasks) {
    if (tasks.size() <= 1) {
      return List.of(tasks);
    }
    List<List<Map<String, Object>>> out = new ArrayList<>();
    for (int i = 0; i < tasks.size(); i++) {
      List<Map<String, Object>> rest = new ArrayList<>(tasks);
      Map<String, Object> first = rest.remove(i);
      for (List<Map<String, Object>> tail : orders(rest)) {
        List<Map<String, Object>> o = new ArrayList<>();
        o.add(first);
        o.addAll(tail);
        out.add(o);
      }
    }
    return out;
  }

  private static List<String> names(List<Map<String, Object>> order) {
    return order.stream().map(t -> t.get("module") + " " + t.get("args")).toList();
  }

  static List<String> strings(Object o) {
    List<String> out = new ArrayList<>();
    if (o instanceof List<?> l) {
      l.forEach(x -> out.add(String.valueOf(x)));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> yamlList(Path p) throws IOException {
    return (List<Map<String, Object>>)
        new Load(LoadSettings.builder().build()).loadFromString(Files.readString(p));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> yamlMap(Path p) throws IOException {
    return (Map<String, Object>)
        new Load(LoadSettings.builder().build()).loadFromString(Files.readString(p));
  }

  static String optional(Path p) throws IOException {
    return Files.exists(p) ? Files.readString(p) : "";
  }

  private static String read(Path root, String path) throws IOException {
    return Files.readString(root.resolve(path.substring(1)));
  }

  static void copy(Path from, Path to) {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.sorted().toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.createDirectories(t.getParent());
          Files.copy(p, t, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
