package io.pagetune.restart;

import io.pagetune.executor.ChangeJournal;
import io.pagetune.state.EffectiveState;
import io.pagetune.state.Journal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Optional;

/** The run journal: every file a run wrote, with checksums and the backup of what it replaced. */
public final class JournalRecorder implements ChangeJournal {
  private final Journal journal;
  private final Clock clock;
  private final String user;

  JournalRecorder(Journal journal, Clock clock, String user) {
    this.journal = journal;
    this.clock = clock;
    this.user = user;
  }

  @Override
  public void runStarted(String runId, String playbook, boolean checkMode) {
    journal.startRun(runId, playbook, user, checkMode);
  }

  @Override
  public void fileChanged(
      String runId,
      String host,
      String task,
      String path,
      Optional<byte[]> before,
      byte[] after,
      Optional<String> backup,
      boolean pendingRestart) {
    journal.recordChange(
        runId,
        host,
        task,
        path,
        before.map(JournalRecorder::sha256).orElse(null),
        sha256(after),
        backup.orElse(null),
        clock.instant(),
        pendingRestart ? EffectiveState.PENDING : EffectiveState.EFFECTIVE);
  }

  @Override
  public void runFinished(String runId, String status) {
    journal.finishRun(runId, status);
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
