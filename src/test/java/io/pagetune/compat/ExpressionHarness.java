package io.pagetune.compat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates every expression of the corpus ({@code expressions.txt}, one template per line) with
 * both tools: one {@code debug: msg=<expression>} task each, with {@code ignore_errors}, after a
 * few tasks that register a changed, an unchanged, a failed and a skipped result. Each tool runs
 * them all in one batch; pagetune's load check runs per expression first, so one refusal does not
 * hide the others. Equal: the same {@code msg} value, or both tools failed the task.
 */
final class ExpressionHarness {
  static final String HOST = "expr";

  /** Lines each expression's task takes in the generated playbook. */
  private static final int TASK_LINES = 4;

  private static final String SETUP =
      """
          - name: setup changed
            command: echo 4096
            register: r_changed
          - name: setup unchanged
            command: echo 2048
            register: r_unchanged
            changed_when: false
          - name: setup failed
            command: "false"
            register: r_failed
            ignore_errors: true
          - name: setup skipped
            command: echo never
            register: r_skipped
            when: false
      """;

  private final Path corpus;
  private final Path work;
  private final CompatTools tools;

  ExpressionHarness(Path corpus, Path work, CompatTools tools) {
    this.corpus = corpus;
    this.work = work;
    this.tools = tools;
  }

  static List<String> expressions(Path corpus) {
    try {
      return Files.readAllLines(corpus.resolve("expressions.txt")).stream()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String id(int i) {
    return String.format("e%04d", i + 1);
  }

  List<Verdict> run() throws IOException {
    List<String> exprs = expressions(corpus);
    Path dir = Files.createDirectories(work.resolve("expr"));
    Files.copy(corpus.resolve("expression-vars.yml"), dir.resolve("expression-vars.yml"));
    Path inventory =
        Files.writeString(
            dir.resolve("inventory.yml"),
            "all:\n  hosts:\n    "
                + HOST
                + ":\n      ansible_connection: local\n"
                + "      ansible_python_interpreter: /usr/bin/python3\n");
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < exprs.size(); i++) {
      all.add(i);
    }
    // ansible-playbook evaluates every expression while pagetune checks and runs its own share
    Path aPlay = playbook(dir.resolve("expressions-ansible.yml"), exprs, all);
    CompletableFuture<ProcessOutput> ansible =
        CompletableFuture.supplyAsync(() -> tools.ansible(aPlay, inventory, "ansible-expr"));
    Map<String, String> refused = loadChecks(dir, inventory, exprs, all);
    List<Integer> loadable = new ArrayList<>();
    for (int i = 0; i < exprs.size(); i++) {
      if (!refused.containsKey(id(i))) {
        loadable.add(i);
      }
    }
    Map<String, JsonNode> pagetune = new LinkedHashMap<>();
    if (!loadable.isEmpty()) {
      Path pPlay = playbook(dir.resolve("expressions-pagetune.yml"), exprs, loadable);
      ProcessOutput p = tools.pagetune(pPlay, inventory, "pagetune-expr");
      if (p.exitCode() == 4 && !p.stdout().contains("host_result")) {
        throw new AssertionError(
            "pagetune refused the batch its load checks passed: " + p.stderr());
      }
      PagetuneJson.read(p.stdout(), p.stderr())
          .tasksOf(HOST)
          .forEach(t -> pagetune.put(t.task(), t.result()));
    }
    ProcessOutput a = ansible.join();
    Map<String, JsonNode> ansibleResults = new LinkedHashMap<>();
    AnsibleJson.read(a.stdout(), a.stderr())
        .tasksOf(HOST)
        .forEach(t -> ansibleResults.put(t.task(), t.result()));
    List<Verdict> out = new ArrayList<>();
    for (int i = 0; i < exprs.size(); i++) {
      String id = id(i) + " " + exprs.get(i);
      if (refused.containsKey(id(i))) {
        out.add(Verdict.refused(id, refused.get(id(i))));
      } else {
        out.add(Verdict.of(id, compare(ansibleResults.get(id(i)), pagetune.get(id(i)))));
      }
    }
    return out;
  }

  static List<String> compare(JsonNode ansible, JsonNode pagetune) {
    if (ansible == null) {
      return List.of("ansible-playbook has no result for it (a corpus error)");
    }
    if (pagetune == null) {
      return List.of("pagetune has no result for it");
    }
    boolean aFailed = ansible.path("failed").asBoolean(false);
    boolean pFailed = pagetune.path("failed").asBoolean(false);
    if (aFailed || pFailed) {
      return aFailed && pFailed
          ? List.of()
          : List.of(
              "ansible "
                  + (aFailed ? "failed: " + ansible.path("msg") : "gave " + ansible.path("msg"))
                  + ", pagetune "
                  + (pFailed ? "failed: " + pagetune.path("msg") : "gave " + pagetune.path("msg")));
    }
    JsonNode av = ansible.path("msg");
    JsonNode pv = pagetune.path("msg");
    return JsonValues.same(av, pv)
        ? List.of()
        : List.of("ansible gave " + av + ", pagetune gave " + pv);
  }

  /**
   * pagetune's load check of every expression: the whole batch first; each refusal names the line
   * of one expression, which is set aside with its message before the rest is checked again. A
   * refusal that names no expression's line has every remaining expression checked alone.
   */
  private Map<String, String> loadChecks(
      Path dir, Path inventory, List<String> exprs, List<Integer> all) throws IOException {
    Map<String, String> refused = new LinkedHashMap<>();
    List<Integer> remaining = new ArrayList<>(all);
    Path batch = dir.resolve("check-batch.yml");
    while (!remaining.isEmpty()) {
      playbook(batch, exprs, remaining);
      String refusal = tools.pagetuneRefusal(batch, inventory);
      if (refusal == null) {
        return refused;
      }
      Matcher at =
          Pattern.compile(Pattern.quote(batch.getFileName().toString()) + ":(\\d+):")
              .matcher(refusal);
      int task = at.find() ? (Integer.parseInt(at.group(1)) - firstTaskLine()) / TASK_LINES : -1;
      if (task < 0 || task >= remaining.size()) {
        break;
      }
      refused.put(id(remaining.remove(task)), refusal);
    }
    for (int i : remaining) {
      Path one = playbook(dir.resolve("check-" + id(i) + ".yml"), exprs, List.of(i));
      String refusal = tools.pagetuneRefusal(one, inventory);
      if (refusal != null) {
        refused.put(id(i), refusal);
      }
      Files.delete(one);
    }
    return refused;
  }

  /** The line (1-based) of the first expression's task: after the play's head and SETUP. */
  private static int firstTaskLine() {
    return 7 + (int) SETUP.stripTrailing().lines().count();
  }

  private Path playbook(Path file, List<String> exprs, List<Integer> which) throws IOException {
    ObjectMapper json = new ObjectMapper();
    StringBuilder s = new StringBuilder();
    s.append("- name: expressions\n  hosts: ").append(HOST).append('\n');
    s.append("  gather_facts: false\n  vars_files:\n    - expression-vars.yml\n  tasks:\n");
    s.append(SETUP.stripTrailing()).append('\n');
    for (int i : which) {
      s.append("    - name: ").append(id(i)).append('\n');
      s.append("      debug:\n        msg: ").append(quoted(json, exprs.get(i))).append('\n');
      s.append("      ignore_errors: true\n");
    }
    return Files.writeString(file, s);
  }

  private static String quoted(ObjectMapper json, String text) {
    try {
      return json.writeValueAsString(text);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
