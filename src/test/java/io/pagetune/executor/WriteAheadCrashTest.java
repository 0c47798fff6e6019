package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.queue.IntentStatus;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.state.ChangeKind;
import io.pagetune.state.Journal;
import io.pagetune.state.JournalChange;
import io.pagetune.state.RunRecord;
import io.pagetune.state.Sha256;
import io.pagetune.state.StateStore;
import io.pagetune.testing.ChildPagetune;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * pagetune killed as kill -9 would, in a child JVM, while it writes files: at the worst moment
 * (right after a rename, before the journal row is confirmed) and at random moments of a 300-file
 * apply over the local connection and a 100-file apply over SSH (as many kills, each landing inside
 * the apply: the SSH apply is slower per file, so the smaller one keeps the suite's time). The next
 * run finds every change journaled, its restart queued, the dead run interrupted, no torn file and
 * no temp file.
 */
class WriteAheadCrashTest {
  private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(2);
  private static final String TASK_HEADER = "TASK [write files]";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  /** Where the files live and how pagetune reaches them. */
  private record Target(Path root, String inventoryHost, List<String> extraArgs) {}

  private Target local() throws IOException {
    Path root = Files.createDirectories(dir.resolve("box"));
    return new Target(
        root,
        "    box:\n      ansible_connection: local\n      root: " + root + "\n",
        List.of("--progress", "none"));
  }

  private Target overSsh() throws IOException {
    TestSshHost host = ssh.start();
    Path root = Files.createDirectories(dir.resolve("box"));
    return new Target(
        root,
        "    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + host.port()
            + "\n      ansible_user: "
            + ssh.user()
            + "\n      ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n      root: "
            + root
            + "\n",
        List.of("--progress", "none", "--known-hosts", ssh.knownHosts().toString()));
  }

  private Path inventory(Target t) throws IOException {
    return Files.writeString(dir.resolve("hosts.yml"), "all:\n  hosts:\n" + t.inventoryHost());
  }

  private Path playbook(int files) throws IOException {
    String items =
        IntStream.rangeClosed(1, files)
            .mapToObj(Integer::toString)
            .collect(Collectors.joining(", "));
    return Files.writeString(
        dir.resolve("write-files.yml"),
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  tasks:\n"
            + "    - name: write files\n"
            + "      copy:\n"
            + "        dest: \"${root}/f${item}.conf\"\n"
            + "        content: \"version ${version} of file ${item}\\n\"\n"
            + "      loop: ["
            + items
            + "]\n"
            + "      notify: restart web\n"
            + "  handlers:\n"
            + "    - name: restart web\n"
            + "      request_restart:\n"
            + "        kind: web_server\n"
            + "        id: web1\n"
            + "        reason: config changed\n");
  }

  private Path state() {
    return dir.resolve("state.db");
  }

  private String[] runArgs(Target t, Path playbook, Path inventory, int version) {
    List<String> args = new ArrayList<>(List.of("run", playbook.toString(), "-i"));
    args.add(inventory.toString());
    args.addAll(List.of("-e", "version=" + version));
    args.addAll(t.extraArgs());
    return args.toArray(new String[0]);
  }

  private ChildPagetune child(Target t, Path playbook, Path inventory, int version, boolean halt) {
    return ChildPagetune.start(
        dir.resolve("child-" + version + ".out"),
        Map.of("PAGETUNE_STATE", state().toString()),
        halt ? Map.of(CrashTestHook.HALT_AFTER_RENAME, "true") : Map.of(),
        runArgs(t, playbook, inventory, version));
  }

  private CliRun inProcess(Target t, Path playbook, Path inventory, int version) {
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", state().toString()), runArgs(t, playbook, inventory, version));
  }

  private StateStore store() {
    return StateStore.open(state().toString(), Clock.systemUTC());
  }

  private static String content(int version, int file) {
    return "version " + version + " of file " + file + "\n";
  }

  @Test
  void aKillBetweenRenameAndJournalIsReconciledByTheNextRunLocal() throws Exception {
    killedAtTheWorstMoment(local());
  }

  @Test
  void aKillBetweenRenameAndJournalIsReconciledByTheNextRunOverSsh() throws Exception {
    killedAtTheWorstMoment(overSsh());
  }

  private void killedAtTheWorstMoment(Target t) throws Exception {
    Path playbook = playbook(1);
    Path inventory = inventory(t);
    Path file = t.root().resolve("f1.conf");

    ChildPagetune dying = child(t, playbook, inventory, 1, true);
    assertEquals(137, dying.await(CHILD_TIMEOUT), dying.output());

    // the worst moment: the file is in place, its journal row unconfirmed, no restart queued
    assertEquals(content(1, 1), Files.readString(file));
    StateStore store = store();
    List<RunRecord> runs = store.journal().runs().list();
    assertEquals(1, runs.size(), runs.toString());
    String dead = runs.get(0).runId();
    assertTrue(runs.get(0).finishedAt().isEmpty(), runs.toString());
    assertEquals(List.of(), store.journal().history().ofRun(dead));
    assertEquals(List.of(), new RestartQueue(store).list());
    assertStatusShowsTheUnconfirmedWrite(inventory, dead, file);
    // and a temp file as a write killed before its rename leaves one
    Path stale = t.root().resolve(".f1.conf.pagetune-0badc0de");
    Files.writeString(stale, "half a fi");

    CliRun next = inProcess(t, playbook, inventory, 2);
    assertEquals(0, next.exitCode(), next.toString());

    RunRecord interrupted = store.journal().runs().find(dead).orElseThrow();
    assertEquals(Optional.of("interrupted"), interrupted.status());
    List<JournalChange> recovered = store.journal().history().ofRun(dead);
    assertEquals(1, recovered.size(), recovered.toString());
    assertEquals(file.toString(), recovered.get(0).path());
    assertEquals(Optional.empty(), recovered.get(0).beforeSha256());
    assertEquals(Optional.of(sha(content(1, 1))), recovered.get(0).afterSha256());
    List<RestartIntent> queued = new RestartQueue(store).list(Set.of(IntentStatus.QUEUED));
    assertEquals(1, queued.size(), queued.toString());
    assertEquals("web_server", queued.get(0).target().kind());
    assertEquals(dead, queued.get(0).runId(), "the dead run's restart was queued again");
    assertEquals(content(2, 1), Files.readString(file));
    assertEquals(List.of(), tempFiles(t.root()));
    assertNothingLost(store, t.root(), 1);
  }

  /**
   * From the journal alone, without contacting the host: the dead run is interrupted, and the host
   * holds a write nobody confirmed, whose restart nobody queued. Never "effective".
   */
  private void assertStatusShowsTheUnconfirmedWrite(Path inventory, String dead, Path file) {
    Map<String, String> env = Map.of("PAGETUNE_STATE", state().toString());
    CliRun status = CliRun.withEnv(env, "status", "-i", inventory.toString());
    assertEquals(0, status.exitCode(), status.toString());
    String row = status.out().lines().filter(l -> l.startsWith("box ")).findFirst().orElseThrow();
    assertTrue(row.contains("interrupted"), status.out());
    assertTrue(row.contains("1 unconfirmed"), status.out());
    assertTrue(row.contains("web server web1 unconfirmed (run " + dead), status.out());
    assertTrue(!row.contains("effective"), status.out());
    CliRun json = CliRun.withEnv(env, "status", "-i", inventory.toString(), "--output", "json");
    assertTrue(json.out().contains("\"state\" : \"interrupted\""), json.out());
    assertTrue(json.out().contains("\"write_state\" : \"intended\""), json.out());

    CliRun history = CliRun.withEnv(env, "history");
    assertTrue(
        history.out().lines().anyMatch(l -> l.startsWith(dead) && l.contains("interrupted")),
        history.out());
    CliRun changes = CliRun.withEnv(env, "history", dead);
    assertTrue(
        changes
            .out()
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("box  " + file)
                        && l.endsWith("[UNCONFIRMED, needs web server web1]")),
        changes.out());
  }

  @Test
  void aKillBetweenRenameAndJournalIsSettledByScheduleRunDueOverSsh() throws Exception {
    Target t = overSsh();
    Path playbook = playbook(1);
    Path inventory = inventory(t);
    ChildPagetune dying = child(t, playbook, inventory, 1, true);
    assertEquals(137, dying.await(CHILD_TIMEOUT), dying.output());
    StateStore store = store();
    String dead = store.journal().runs().list().get(0).runId();
    assertEquals(List.of(), new RestartQueue(store).list());

    List<String> args = new ArrayList<>(List.of("schedule", "run-due", "-i", inventory.toString()));
    args.addAll(t.extraArgs().subList(2, t.extraArgs().size()));
    CliRun due =
        CliRun.withEnv(Map.of("PAGETUNE_STATE", state().toString()), args.toArray(new String[0]));

    assertTrue(
        due.out().contains("box: run " + dead + " died after its write; web server web1"),
        due.toString());
    assertEquals(
        Optional.of("interrupted"), store.journal().runs().find(dead).orElseThrow().status());
    List<JournalChange> settled = store.journal().history().ofRun(dead);
    assertEquals(1, settled.size(), settled.toString());
    assertEquals(Optional.of(sha(content(1, 1))), settled.get(0).afterSha256());
    List<RestartIntent> intents = new RestartQueue(store).list();
    assertEquals(1, intents.size(), intents.toString());
    assertEquals("web_server", intents.get(0).target().kind());
    assertEquals(dead, intents.get(0).runId(), "the dead run's restart reached the queue");
    assertEquals(
        content(1, 1), Files.readString(t.root().resolve("f1.conf")), "run-due wrote nothing");
  }

  /**
   * A removal killed right after {@code rm -rf}, before its row is confirmed: the tree is gone but
   * its row is pending with the tree's archive stored, so the next run confirms it and rollback
   * brings the tree back; never gone without a row.
   */
  @Test
  void aTreeRemovalKilledBeforeItsJournalRowIsConfirmedIsReconciledAndRolledBackOverSsh()
      throws Exception {
    Target t = overSsh();
    Path tree = Files.createDirectories(t.root().resolve("old/sub"));
    Files.writeString(tree.resolve("a.conf"), "a\n");
    Files.writeString(t.root().resolve("old/b.conf"), "b\n");
    String before = TreeHash.of(t.root().resolve("old"));
    Path inventory = inventory(t);
    Path playbook =
        Files.writeString(
            dir.resolve("remove.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: drop old\n      file: {path: \"${root}/old\", state: absent}\n");

    ChildPagetune dying = child(t, playbook, inventory, 1, true);
    assertEquals(137, dying.await(CHILD_TIMEOUT), dying.output());
    assertFalse(Files.exists(t.root().resolve("old")), "killed after the removal");
    StateStore store = store();
    String dead = store.journal().runs().list().get(0).runId();
    assertEquals(List.of(), store.journal().history().ofRun(dead), "not confirmed yet");
    List<JournalChange> pending =
        store.journal().unconfirmed().orphaned("box", io.pagetune.state.RunOwner.current().node());
    assertEquals(1, pending.size(), "journaled before the removal: " + pending);
    assertEquals(ChangeKind.TREE, pending.get(0).kind());
    assertTrue(
        store.journal().backups().find(pending.get(0).beforeSha256().orElseThrow()).isPresent(),
        "its archive is stored");

    CliRun next = inProcess(t, playbook, inventory, 2);
    assertEquals(0, next.exitCode(), next.toString());
    List<JournalChange> settled = store.journal().history().ofRun(dead);
    assertEquals(1, settled.size(), "the next run confirmed it: " + settled);

    List<String> rollback = new ArrayList<>(List.of("rollback", dead, "-i", inventory.toString()));
    rollback.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    CliRun undo =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", state().toString()), rollback.toArray(new String[0]));
    assertEquals(0, undo.exitCode(), undo.toString());
    assertEquals(before, TreeHash.of(t.root().resolve("old")), "the tree is back as it was");
  }

  @Test
  void twentyFiveRandomKillsDuringA300FileApplyLoseNothingLocal() throws Exception {
    randomKills(local(), 300);
  }

  @Test
  void twentyFiveRandomKillsDuringA100FileApplyLoseNothingOverSsh() throws Exception {
    randomKills(overSsh(), 100);
  }

  private void randomKills(Target t, int files) throws Exception {
    int kills = 25;
    Path playbook = playbook(files);
    Path inventory = inventory(t);
    long seed = System.nanoTime();
    Random random = new Random(seed);
    // How long an uninterrupted apply takes on this machine, so that the kills land inside one
    // whether the machine is idle or loaded.
    ChildPagetune whole = child(t, playbook, inventory, 0, false);
    assertTrue(whole.awaitOutput(TASK_HEADER, CHILD_TIMEOUT), whole.output());
    long applyStarted = System.nanoTime();
    assertEquals(0, whole.await(CHILD_TIMEOUT), whole.output());
    int applyMillis = (int) Math.max(200, (System.nanoTime() - applyStarted) / 1_000_000);
    int killedMidRun = 0;
    for (int version = 1; version <= kills; version++) {
      ChildPagetune run = child(t, playbook, inventory, version, false);
      assertTrue(run.awaitOutput(TASK_HEADER, CHILD_TIMEOUT), run.output());
      Thread.sleep(random.nextInt(applyMillis));
      killedMidRun += run.killedByKill() ? 1 : 0;
    }
    CliRun last = inProcess(t, playbook, inventory, kills);
    assertEquals(0, last.exitCode(), last.toString());

    StateStore store = store();
    List<RunRecord> runs = store.journal().runs().list();
    // the measuring run, the killed children, and the last run
    assertEquals(kills + 2, runs.size());
    // Which run was which child is not recorded (they share the test's fixed clock), so the
    // statuses are checked by count: a child that ended by itself finished its run ("ok"); a child
    // the kill ended left "interrupted", or "ok" when the kill landed after its run recorded its
    // end (while the JVM was exiting); and no run is left without an end.
    long ok = runs.stream().filter(r -> r.status().equals(Optional.of("ok"))).count();
    long interrupted =
        runs.stream().filter(r -> r.status().equals(Optional.of("interrupted"))).count();
    assertEquals(
        kills + 2, ok + interrupted, "seed " + seed + ": every run ended ok or interrupted");
    assertTrue(
        interrupted <= killedMidRun,
        "seed " + seed + ": " + interrupted + " interrupted, but the kill ended " + killedMidRun);
    assertTrue(
        ok >= kills - killedMidRun + 2,
        "seed " + seed + ": a run that ended by itself (or the first or last) did not end ok");
    assertTrue(interrupted >= kills / 2, "seed " + seed + ": too few kills were interrupted runs");
    assertTrue(killedMidRun >= kills / 2, "seed " + seed + ": too few kills hit a running apply");
    for (int f = 1; f <= files; f++) {
      assertEquals(content(kills, f), Files.readString(t.root().resolve("f" + f + ".conf")));
    }
    assertNothingLost(store, t.root(), files);
  }

  /**
   * Every file's journal rows form one chain from "absent" to what the file holds now (so no change
   * happened that the journal does not show), nothing is left unconfirmed, no file is torn and no
   * temp file remains.
   */
  private void assertNothingLost(StateStore store, Path root, int files) throws IOException {
    Journal journal = store.journal();
    Map<String, List<JournalChange>> byPath = new LinkedHashMap<>();
    for (RunRecord run : journal.runs().list()) {
      for (JournalChange c : journal.history().ofRun(run.runId())) {
        byPath.computeIfAbsent(c.path(), p -> new ArrayList<>()).add(c);
      }
    }
    int unjournaled = 0;
    int torn = 0;
    for (int f = 1; f <= files; f++) {
      Path file = root.resolve("f" + f + ".conf");
      String now = Files.readString(file, StandardCharsets.UTF_8);
      if (!now.matches("version \\d+ of file " + f + "\n")) {
        torn++;
      }
      List<JournalChange> chain = byPath.getOrDefault(file.toString(), List.of());
      chain.sort(Comparator.comparingLong(JournalChange::sequence));
      Optional<String> previous = Optional.empty();
      boolean linked = !chain.isEmpty();
      for (JournalChange c : chain) {
        linked &= c.beforeSha256().equals(previous);
        previous = c.afterSha256();
      }
      if (!linked || !previous.equals(Optional.of(sha(now)))) {
        unjournaled++;
      }
    }
    assertEquals(0, torn, "torn files");
    assertEquals(0, unjournaled, "files whose journal does not lead to what they hold");
    long unsettled =
        store.inTransaction(
            c -> {
              try (var ps =
                      c.prepareStatement(
                          "SELECT count(*) FROM journal_changes WHERE write_state <> 'APPLIED'");
                  var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
              }
            });
    assertEquals(0, unsettled, "journal rows left unconfirmed");
    assertEquals(List.of(), tempFiles(root));
  }

  private static List<Path> tempFiles(Path root) throws IOException {
    try (Stream<Path> all = Files.list(root)) {
      return all.filter(p -> p.getFileName().toString().contains(".pagetune-")).toList();
    }
  }

  private static String sha(String text) {
    return Sha256.hex(text.getBytes(StandardCharsets.UTF_8));
  }
}
