package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance: a project in Ansible's layout (ansible.cfg with roles_path, an INI inventory with
 * group_vars/host_vars, roles with defaults, vars, handlers, templates, files and meta
 * dependencies, import_role, include_role, run_once, delegate_to, with_dict, flush_handlers, when,
 * register, until) gives the PLAY RECAP ansible-playbook gave on its Jinja twin, on a first run and
 * on an idempotent rerun. The ansible-playbook recap is committed (ansible-recap.txt, written by
 * compare.sh, which reruns the comparison with both tools).
 */
class AnsibleProjectComparisonTest {
  private static final Path PROJECT = Path.of("src/test/resources/ansible-project");
  private static final Path JINJA_TWIN = Path.of("src/test/resources/ansible-project-jinja");

  @TempDir Path tmp;

  @Test
  void recapCountsEqualAnsiblePlaybooksOnTheSameProjectInBothRuns() throws Exception {
    Map<String, List<String>> expected = ansibleRecap();
    for (String run : List.of("run 1", "run 2")) {
      CliRun r = runProject();
      assertEquals(0, r.exitCode(), r.toString());
      assertEquals(expected.get(run), recap(r.out()), run + "\n" + r);
    }
    // the roles' variables took Ansible's precedence: host_vars and group_vars beat role
    // defaults, role vars beat play vars
    assertEquals(
        "vm.nr_hugepages = 128\n", Files.readString(tmp.resolve("db1/etc/97-hugepages.conf")));
    assertEquals(
        "web1: web tier (platform team)\n", Files.readString(tmp.resolve("web1/etc/motd")));
    assertEquals(
        "db1: default tier (platform team)\n", Files.readString(tmp.resolve("db1/etc/motd")));
    assertEquals("Authorized use only.\n", Files.readString(tmp.resolve("web2/etc/banner")));
    assertEquals(
        "vm.swappiness=10\nkernel.shmmni=4096\n",
        Files.readString(tmp.resolve("web2/etc/kernel.conf")));
    assertTrue(Files.isRegularFile(tmp.resolve("controller-web2.txt")));
    assertTrue(Files.notExists(tmp.resolve("web1/etc/from-play-vars.conf")));
  }

  @Test
  void theJinjaTwinIsTheSameProjectInAnotherExpressionSyntax() throws IOException {
    Map<String, List<String>> ours = tree(PROJECT);
    Map<String, List<String>> twin = tree(JINJA_TWIN);
    ours.remove("compare.sh");
    ours.remove("ansible-recap.txt");
    assertEquals(twin.keySet(), ours.keySet());
    for (String file : twin.keySet()) {
      List<String> a = twin.get(file);
      List<String> b = ours.get(file);
      assertEquals(a.size(), b.size(), file);
      for (int i = 0; i < a.size(); i++) {
        if (!a.get(i).equals(b.get(i))) {
          // a differing line holds an expression (or names a template file) in both syntaxes
          assertTrue(
              a.get(i).matches(".*(\\{\\{|\\||\\bis\\b|\\bin\\b|\\.j2).*")
                  && b.get(i).matches(".*(\\$\\{|\\?|\\(|\\.ftl).*"),
              file + ":" + (i + 1) + ": '" + a.get(i) + "' vs '" + b.get(i) + "'");
        }
      }
    }
  }

  private CliRun runProject() {
    return CliRun.withEnv(
        Map.of("ANSIBLE_CONFIG", PROJECT.resolve("ansible.cfg").toAbsolutePath().toString()),
        "run",
        PROJECT.resolve("site.yml").toAbsolutePath().toString(),
        "-e",
        "base_dir=" + tmp,
        "--state",
        "none",
        "--progress",
        "none");
  }

  /** "web1 ok=16 changed=9 …" per host, sorted, as compare.sh writes them. */
  private static List<String> recap(String out) {
    List<String> lines = new ArrayList<>();
    boolean inRecap = false;
    for (String line : out.split("\n")) {
      if (line.startsWith("PLAY RECAP")) {
        inRecap = true;
      } else if (inRecap && line.contains(" : ok=")) {
        String[] parts = line.trim().split("\\s+");
        List<String> kept = new ArrayList<>();
        for (String p : parts) {
          if (!p.equals(":")) {
            kept.add(p);
          }
        }
        lines.add(String.join(" ", kept));
      }
    }
    lines.sort(null);
    return lines;
  }

  private static Map<String, List<String>> ansibleRecap() throws IOException {
    Map<String, List<String>> runs = new LinkedHashMap<>();
    List<String> current = null;
    for (String line : Files.readAllLines(PROJECT.resolve("ansible-recap.txt"))) {
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      if (line.startsWith("run ")) {
        current = new ArrayList<>();
        runs.put(line.trim(), current);
      } else {
        current.add(line.trim());
      }
    }
    assertEquals(List.of("run 1", "run 2"), List.copyOf(runs.keySet()));
    return runs;
  }

  /** Relative path (template extensions .j2/.ftl made alike) to lines. */
  private static Map<String, List<String>> tree(Path root) throws IOException {
    Map<String, List<String>> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        String rel = root.relativize(p).toString().replaceAll("\\.(j2|ftl)$", ".template");
        files.put(rel, Files.readAllLines(p));
      }
    }
    return files;
  }
}
