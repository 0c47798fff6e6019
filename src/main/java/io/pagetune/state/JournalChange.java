package io.pagetune.state;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One file a run changed on a host. {@code sequence} orders changes across all runs (rollback
 * restores in reverse order). Checksums are lower-case hex SHA-256; empty before = the file was
 * created, empty after = the change removed it; the replaced content is kept in the store under its
 * before checksum, {@code backupPath} is the copy beside the target when a task asked for one.
 * {@code noLog}: a {@code no_log} task made it, so no view shows what it wrote or replaced.
 */
public record JournalChange(
    long sequence,
    String runId,
    String host,
    String task,
    String path,
    Optional<String> beforeSha256,
    Optional<String> afterSha256,
    Optional<String> backupPath,
    Instant changedAt,
    EffectiveState effectiveState,
    Optional<String> effectiveDetail,
    Optional<Instant> effectiveAt,
    WriteState writeState,
    Optional<Integer> beforeMode,
    Optional<String> beforeOwner,
    Optional<String> beforeGroup,
    Optional<String> becomeUser,
    String restarts,
    boolean noLog) {
  public JournalChange {
    Objects.requireNonNull(runId);
    Objects.requireNonNull(host);
    Objects.requireNonNull(task);
    Objects.requireNonNull(path);
    Objects.requireNonNull(beforeSha256);
    Objects.requireNonNull(afterSha256);
    Objects.requireNonNull(backupPath);
    Objects.requireNonNull(changedAt);
    Objects.requireNonNull(effectiveState);
    Objects.requireNonNull(effectiveDetail);
    Objects.requireNonNull(effectiveAt);
    Objects.requireNonNull(writeState);
    Objects.requireNonNull(beforeMode);
    Objects.requireNonNull(beforeOwner);
    Objects.requireNonNull(beforeGroup);
    Objects.requireNonNull(becomeUser);
    Objects.requireNonNull(restarts);
  }

  /** True when the change removed the file. */
  public boolean removed() {
    return afterSha256.isEmpty();
  }
}
