package io.pagetune.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Runs every task file and role of the corpus with both tools on the same hosts and classifies
 * each: one batched run per tool (a play per entry on its own two hosts, ansible-playbook and
 * pagetune at the same time), each tool writing below its own fresh copy of the seed tree.
 */
final class TaskFileHarness {
  private final Path corpus;
  private final Path work;
  private final CompatTools tools;
  private final int port;
  private final String user;
  private final Path key;
  private final List<String> corpusErrors = new ArrayList<>();

  TaskFileHarness(Path corpus, Path work, CompatTools tools, int port, String user, Path key) {
    this.corpus = corpus;
    this.work = work;
    this.tools = tools;
    this.port = port;
    this.user = user;
    this.key = key;
  }

  /** Entries ansible-playbook itself did not run: the corpus is wrong, not a tool. */
  List<String> corpusErrors() {
    return corpusErrors;
  }

  static List<CorpusEntry> entries(Path corpus) {
    List<CorpusEntry> out = new ArrayList<>();
    int n = 1;
    for (Path f : CompatFiles.list(corpus.resolve("tasks"), "*.yml")) {
      out.add(new CorpusEntry(String.format("t%02d", n++), "tasks/" + f.getFileName(), false));
    }
    n = 1;
    for (Path r : CompatFiles.list(corpus.resolve("roles"), "*")) {
      out.add(new CorpusEntry(String.format("r%02d", n++), "roles/" + r.getFileName(), true));
    }
    return out;
  }

  List<Verdict> run() throws IOException {
    List<CorpusEntry> entries = entries(corpus);
    Path project = work.resolve("project");
    CompatFiles.copyTree(corpus.resolve("tasks"), project.resolve("tasks"));
    CompatFiles.copyTree(corpus.resolve("roles"), project.resolve("roles"));
    CompatFiles.copyTree(corpus.resolve("templates"), project.resolve("templates"));
    Path aRoot = work.resolve("a");
    Path pRoot = work.resolve("p");
    for (CorpusEntry e : entries) {
      Files.writeString(project.resolve(e.wrapperFile()), e.wrapper());
      for (String host : e.hosts()) {
        CompatFiles.copyTree(corpus.resolve("seed"), aRoot.resolve(host));
        CompatFiles.copyTree(corpus.resolve("seed"), pRoot.resolve(host));
      }
    }
    Path aInv = inventory("inventory-ansible.yml", entries, aRoot);
    Path pInv = inventory("inventory-pagetune.yml", entries, pRoot);
    // ansible-playbook runs every entry while pagetune checks and runs its own share
    Path aSite = site(project.resolve("site-ansible.yml"), entries, Map.of());
    CompletableFuture<ProcessOutput> ansible =
        CompletableFuture.supplyAsync(() -> tools.ansible(aSite, aInv, "ansible-files"));
    Map<String, String> refused = new LinkedHashMap<>();
    for (CorpusEntry e : entries) {
      String refusal = tools.pagetuneRefusal(project.resolve(e.wrapperFile()), pInv);
      if (refusal != null) {
        refused.put(e.group(), refusal);
      }
    }
    ToolRun pagetune = runPagetune(project, entries, pInv, refused);
    ProcessOutput a = ansible.join();
    ToolRun ansibleRun = AnsibleJson.read(a.stdout(), a.stderr());
    RunComparison compare =
        new RunComparison(
            new RegisteredValues(Map.of(aRoot.toString(), "<root>", pRoot.toString(), "<root>")));
    List<Verdict> verdicts = new ArrayList<>();
    for (CorpusEntry e : entries) {
      if (ansibleRun.tasksOf(e.hosts().get(0)).isEmpty()) {
        corpusErrors.add(e.source() + ": ansible-playbook ran no task of it: " + tail(a.stderr()));
      }
    }
    for (CorpusEntry e : entries) {
      String id = e.group() + " " + e.source();
      if (refused.containsKey(e.group())) {
        verdicts.add(Verdict.refused(id, refused.get(e.group())));
        continue;
      }
      List<String> diffs = new ArrayList<>();
      diffs.addAll(compare.differences(e.hosts(), ansibleRun, pagetune));
      for (String host : e.hosts()) {
        diffs.addAll(TreeComparison.differences(host, aRoot.resolve(host), pRoot.resolve(host)));
      }
      verdicts.add(Verdict.of(id, diffs));
    }
    return verdicts;
  }

  /**
   * pagetune on every entry that loaded alone; should the whole batch still be refused at load (a
   * refusal --syntax-check missed), the entry it names is set aside and the rest run again.
   */
  private ToolRun runPagetune(
      Path project, List<CorpusEntry> entries, Path inventory, Map<String, String> refused)
      throws IOException {
    for (int attempt = 0; ; attempt++) {
      if (refused.size() == entries.size()) {
        return new ToolRun(Map.of(), Map.of(), "every entry was refused at load");
      }
      Path site = site(project.resolve("site-pagetune.yml"), entries, refused);
      ProcessOutput p = tools.pagetune(site, inventory, "pagetune-files-" + attempt);
      ToolRun run = PagetuneJson.read(p.stdout(), p.stderr());
      if (p.exitCode() != 4 || !run.tasks().isEmpty() || attempt > 20) {
        return run;
      }
      CorpusEntry named =
          entries.stream()
              .filter(e -> !refused.containsKey(e.group()))
              .filter(e -> p.stderr().contains(e.source()) || p.stderr().contains(e.wrapperFile()))
              .findFirst()
              .orElseThrow(() -> new AssertionError("pagetune refused the batch: " + p.stderr()));
      refused.put(
          named.group(),
          "exit 4 at run (--syntax-check had passed): " + p.stderr().strip().lines().findFirst());
    }
  }

  private Path site(Path file, List<CorpusEntry> entries, Map<String, String> without)
      throws IOException {
    StringBuilder s = new StringBuilder("# every corpus entry, one play each\n");
    for (CorpusEntry e : entries) {
      if (!without.containsKey(e.group())) {
        s.append("- import_playbook: ").append(e.wrapperFile()).append('\n');
      }
    }
    return Files.writeString(file, s);
  }

  private Path inventory(String name, List<CorpusEntry> entries, Path root) {
    try {
      return Files.writeString(
          work.resolve(name),
          CompatInventory.yaml(entries, root.toString(), port, user, key.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String tail(String text) {
    String t = text.strip();
    return t.length() > 600 ? "…" + t.substring(t.length() - 600) : t;
  }
}
