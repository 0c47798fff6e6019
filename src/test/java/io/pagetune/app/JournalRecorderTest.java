package io.pagetune.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.executor.ChangeJournal;
import io.pagetune.state.ChangeKind;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.IntendedChange;
import io.pagetune.state.Journal;
import io.pagetune.state.JournalChange;
import io.pagetune.state.RunOwner;
import io.pagetune.state.Sha256;
import io.pagetune.state.StateStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reconciling a dead run's unconfirmed writes against the files: applied ones are confirmed after
 * their restarts are queued again, unapplied ones dropped, and files that hold something else are
 * reported and kept, never rolled back later.
 */
class JournalRecorderTest {
  private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
  @TempDir Path dir;

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private long intend(Journal journal, Path file, String before, String after) {
    return journal
        .writes()
        .intend(
            new IntendedChange(
                "dead",
                "db1",
                "write",
                file.toString(),
                Optional.ofNullable(before).map(b -> Sha256.hex(bytes(b))),
                Optional.of(Sha256.hex(bytes(after))),
                Optional.ofNullable(before).map(JournalRecorderTest::bytes),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "DB_INSTANCE db1 ORCL hugepages\n",
                T0,
                EffectiveState.PENDING));
  }

  @Test
  void aDeadRunsWritesAreSettledByWhatTheFilesHold() throws Exception {
    StateStore store =
        StateStore.open(dir.resolve("state.db").toString(), Clock.fixed(T0, ZoneOffset.UTC));
    Journal journal = store.journal();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    RunOwner dead = new RunOwner(RunOwner.current().node(), gone.pid(), gone.info().startInstant());
    journal.runs().start("dead", "site.yml", "alice", false, dead);
    Path applied = Files.writeString(dir.resolve("applied.conf"), "new\n");
    Path notApplied = Files.writeString(dir.resolve("old.conf"), "old\n");
    Path edited = Files.writeString(dir.resolve("edited.conf"), "someone else\n");
    Path unreadable = dir.resolve("gone-dir/x.conf");
    intend(journal, applied, null, "new\n");
    intend(journal, notApplied, "old\n", "old2\n");
    long divergedId = intend(journal, edited, "e\n", "e2\n");
    long unreadableId = intend(journal, unreadable, null, "x\n");

    JournalRecorder recorder =
        new JournalRecorder(journal, store.clock(), "bob", new Wiring().restartKinds());
    recorder.runStarted("next", "site.yml", false);
    List<ChangeJournal.OrphanedRestart> requeued = new ArrayList<>();
    ChangeJournal.HostFileReader files =
        (path, user) -> {
          if (path.equals(unreadable.toString())) {
            throw new UncheckedIOException(new IOException("permission denied"));
          }
          try {
            return Optional.of(Files.readAllBytes(Path.of(path)));
          } catch (NoSuchFileException e) {
            return Optional.empty();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        };
    List<String> warnings = recorder.reconcile("db1", files, requeued::add);

    assertEquals(Optional.of("interrupted"), journal.runs().find("dead").orElseThrow().status());
    List<JournalChange> kept = journal.history().ofRun("dead");
    assertEquals(List.of(applied.toString()), kept.stream().map(JournalChange::path).toList());
    assertEquals(1, requeued.size(), requeued.toString());
    assertEquals("dead", requeued.get(0).runId());
    assertEquals("db_instance", requeued.get(0).restart().target().kind());
    assertEquals(2, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).contains(edited + " was being written by run dead"), warnings.get(0));
    assertTrue(warnings.get(1).contains("cannot read " + unreadable), warnings.get(1));
    assertEquals(List.of(), recorder.reconcile("db1", files, requeued::add), "once per run");
    List<Long> left =
        journal.unconfirmed().orphaned("db1", RunOwner.current().node()).stream()
            .map(JournalChange::sequence)
            .toList();
    assertEquals(List.of(unreadableId), left, "only the unreadable write is left for later");
    assertTrue(divergedId > 0);
  }

  private static long intendMode(Journal journal, String path, String before, String after) {
    return journal
        .writes()
        .intend(
            new IntendedChange(
                "dead",
                "db1",
                "tighten",
                path,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "",
                T0,
                EffectiveState.EFFECTIVE,
                false,
                ChangeKind.MODE,
                Optional.of(before),
                Optional.of(after)));
  }

  @Test
  void aDeadRunsModeChangesAreSettledByTheModeThePathsHave() throws Exception {
    StateStore store =
        StateStore.open(dir.resolve("state.db").toString(), Clock.fixed(T0, ZoneOffset.UTC));
    Journal journal = store.journal();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    journal
        .runs()
        .start(
            "dead",
            "site.yml",
            "alice",
            false,
            new RunOwner(RunOwner.current().node(), gone.pid(), gone.info().startInstant()));
    intendMode(journal, "/etc/applied.conf", "0644", "0600");
    intendMode(journal, "/etc/untouched.conf", "0644", "0600");
    intendMode(journal, "/etc/other.conf", "0644", "0600");
    java.util.Map<String, String> modes =
        java.util.Map.of(
            "/etc/applied.conf", "0600", "/etc/untouched.conf", "0644", "/etc/other.conf", "0755");
    ChangeJournal.HostFileReader host =
        new ChangeJournal.HostFileReader() {
          @Override
          public Optional<byte[]> read(String path, Optional<String> user) {
            throw new AssertionError("a mode change is settled by the mode, not the content");
          }

          @Override
          public Optional<String> state(ChangeKind kind, String path, Optional<String> user) {
            assertEquals(ChangeKind.MODE, kind);
            return Optional.ofNullable(modes.get(path));
          }
        };
    JournalRecorder recorder =
        new JournalRecorder(journal, store.clock(), "bob", new Wiring().restartKinds());
    recorder.runStarted("next", "site.yml", false);
    List<String> warnings = recorder.reconcile("db1", host, r -> {});

    List<JournalChange> kept = journal.history().ofRun("dead");
    assertEquals(List.of("/etc/applied.conf"), kept.stream().map(JournalChange::path).toList());
    assertEquals("mode 0644", kept.get(0).describeBefore());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("/etc/other.conf"), warnings.get(0));
  }
}
