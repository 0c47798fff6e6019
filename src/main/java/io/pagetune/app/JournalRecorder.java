package io.pagetune.app;

import io.pagetune.connection.FileMeta;
import io.pagetune.executor.ChangeJournal;
import io.pagetune.executor.JournaledWrite;
import io.pagetune.executor.RestartList;
import io.pagetune.modules.FileWrite;
import io.pagetune.modules.PathState;
import io.pagetune.modules.Step;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.IntendedChange;
import io.pagetune.state.Journal;
import io.pagetune.state.JournalChange;
import io.pagetune.state.JournalWrites;
import io.pagetune.state.RunLog;
import io.pagetune.state.RunOwner;
import io.pagetune.state.Sha256;
import io.pagetune.state.UnconfirmedChanges;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The run journal: every file a run writes, journaled before it reaches the host (checksums, the
 * replaced content as a backup in the store, the restarts it needs) and confirmed after; writes a
 * dead run left unconfirmed are settled against the host by the next run that changes it.
 */
public final class JournalRecorder implements ChangeJournal {
  private final Journal journal;
  private final RunLog runs;
  private final JournalWrites writes;
  private final UnconfirmedChanges unconfirmed;
  private final Clock clock;
  private final String user;
  private final RunOwner owner = RunOwner.current();
  private final Set<String> reconciledHosts = ConcurrentHashMap.newKeySet();
  private final Set<String> startedRuns = ConcurrentHashMap.newKeySet();
  private final RestartCatalog restartKinds;
  private String checkRunPlaybook;

  JournalRecorder(Journal journal, Clock clock, String user, RestartCatalog restartKinds) {
    this.restartKinds = restartKinds;
    this.journal = journal;
    this.runs = journal.runs();
    this.writes = journal.writes();
    this.unconfirmed = journal.unconfirmed();
    this.clock = clock;
    this.user = user;
  }

  @Override
  public void runStarted(String runId, String playbook, boolean checkMode) {
    if (!checkMode) {
      // before the run's first write, so that a damaged store stops it before any host changes
      journal.checkStore();
    }
    runs.markDeadInterrupted(owner.node());
    if (checkMode) {
      synchronized (this) {
        checkRunPlaybook = playbook;
      }
      return;
    }
    runs.start(runId, playbook, user, false, owner);
    startedRuns.add(runId);
  }

  /** A check run that writes (check_mode: false) is recorded at its first write. */
  private synchronized void ensureStarted(String runId) {
    if (startedRuns.contains(runId)) {
      return;
    }
    journal.checkStore();
    runs.start(runId, checkRunPlaybook == null ? "?" : checkRunPlaybook, user, true, owner);
    startedRuns.add(runId);
  }

  @Override
  public PendingChange intending(JournaledWrite w) {
    ensureStarted(w.runId());
    FileWrite write = w.write();
    Optional<FileMeta> meta = write.beforeMeta();
    long id =
        writes.intend(
            new IntendedChange(
                w.runId(),
                w.host(),
                w.task(),
                write.path(),
                write.before().map(Sha256::hex),
                write.after().map(Sha256::hex),
                write.before(),
                meta.map(m -> m.mode() & 07777),
                meta.map(FileMeta::owner),
                meta.map(FileMeta::group),
                write.backupBeside(),
                write.become().enabled()
                    ? Optional.ofNullable(write.become().user())
                    : Optional.empty(),
                RestartList.encode(w.restarts()),
                clock.instant(),
                w.pendingRestart() ? EffectiveState.PENDING : EffectiveState.EFFECTIVE,
                w.noLog(),
                write.kind(),
                write.beforeValue(),
                write.afterValue()));
    return new Intended(writes, id);
  }

  /** A write journaled as intended, by its sequence number. */
  private record Intended(JournalWrites writes, long sequence) implements PendingChange {
    @Override
    public void confirm() {
      writes.confirm(sequence);
    }
  }

  @Override
  public void confirmAll(List<PendingChange> changes) {
    List<Long> ids = new ArrayList<>();
    for (PendingChange c : changes) {
      if (c instanceof Intended i) {
        ids.add(i.sequence());
      } else {
        c.confirm();
      }
    }
    writes.confirmAll(ids);
  }

  @Override
  public List<String> reconcile(
      String host, HostFileReader files, Consumer<OrphanedRestart> requeue) {
    if (!reconciledHosts.add(host)) {
      return List.of();
    }
    List<String> diverged = new ArrayList<>();
    List<JournalChange> orphaned = unconfirmed.orphaned(host, owner.node());
    diverged.addAll(removeTemps(host, orphaned, files));
    for (JournalChange c : orphaned) {
      Optional<String> now;
      try {
        now = now(c, files);
      } catch (UncheckedIOException e) {
        // e.g. the file is no longer readable as that user: a later run tries again
        diverged.add(
            host
                + ": cannot read "
                + c.path()
                + " to settle the write of run "
                + c.runId()
                + " ("
                + e.getMessage()
                + "); left unconfirmed");
        continue;
      }
      if (now.equals(after(c))) {
        for (Step.RequestRestart r : RestartList.decode(c.restarts(), restartKinds)) {
          requeue.accept(new OrphanedRestart(c.runId(), c.task(), r));
        }
        writes.confirm(c.sequence());
      } else if (now.equals(before(c))) {
        unconfirmed.drop(c.sequence());
      } else {
        String line =
            host
                + ": "
                + c.path()
                + " was being written by run "
                + c.runId()
                + " when it died, and now holds neither its old nor its new content;"
                + " left as it is";
        unconfirmed.markDiverged(c.sequence(), line);
        diverged.add(line);
      }
    }
    return diverged;
  }

  /** What the host holds now, as {@link #before} and {@link #after} read for the change's kind. */
  private static Optional<String> now(JournalChange c, HostFileReader files) {
    return switch (c.kind()) {
      case CONTENT -> files.read(c.path(), c.becomeUser()).map(Sha256::hex);
      default -> files.state(c.kind(), c.path(), c.becomeUser());
    };
  }

  private static Optional<String> before(JournalChange c) {
    return switch (c.kind()) {
      case CONTENT -> c.beforeSha256();
      // a tree removed without a backup has no checksum, only a note that it was there
      case TREE ->
          c.beforeSha256().isPresent() || c.beforeValue().isPresent()
              ? Optional.of(PathState.PRESENT)
              : Optional.empty();
      default -> c.beforeValue();
    };
  }

  private static Optional<String> after(JournalChange c) {
    return switch (c.kind()) {
      case CONTENT -> c.afterSha256();
      case TREE -> c.afterSha256().map(s -> PathState.PRESENT);
      default -> c.afterValue();
    };
  }

  /**
   * A run killed while writing a target may have left its temp file beside it; this run may never
   * write that target again, so they go now, each target once.
   */
  private static List<String> removeTemps(
      String host, List<JournalChange> orphaned, HostFileReader files) {
    List<String> failed = new ArrayList<>();
    java.util.Set<String> done = new java.util.HashSet<>();
    for (JournalChange c : orphaned) {
      if (!done.add(c.path())) {
        continue;
      }
      try {
        files.removeTemps(c.path(), c.becomeUser());
      } catch (UncheckedIOException e) {
        failed.add(
            host
                + ": cannot remove the temp files run "
                + c.runId()
                + " may have left beside "
                + c.path()
                + " ("
                + e.getMessage()
                + ")");
      }
    }
    return failed;
  }

  @Override
  public void runFinished(String runId, String status) {
    if (startedRuns.remove(runId)) {
      runs.finish(runId, status);
    }
  }
}
