package io.pagetune.state;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A write about to reach a host, journaled before it does.
 *
 * @param beforeSha256 empty when the file does not exist yet
 * @param afterSha256 empty when the change removes the file
 * @param before the content replaced, kept as a backup in the store
 * @param beforeMode mode, owner and group of the replaced file
 * @param backupPath the copy beside the target, when the task asked for one
 * @param becomeUser the user the write runs as
 * @param restarts the restarts the change needs, encoded by the caller
 * @param noLog made by a {@code no_log} task: later views never show what it wrote or replaced
 * @param kind what the change does to the path
 * @param beforeValue for kinds without content, the path's state before (empty: it did not exist)
 * @param afterValue for kinds without content, the state after (empty: the path is removed)
 */
public record IntendedChange(
    String runId,
    String host,
    String task,
    String path,
    Optional<String> beforeSha256,
    Optional<String> afterSha256,
    Optional<byte[]> before,
    Optional<Integer> beforeMode,
    Optional<String> beforeOwner,
    Optional<String> beforeGroup,
    Optional<String> backupPath,
    Optional<String> becomeUser,
    String restarts,
    Instant at,
    EffectiveState effectiveState,
    boolean noLog,
    ChangeKind kind,
    Optional<String> beforeValue,
    Optional<String> afterValue) {
  public IntendedChange {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(beforeValue);
    Objects.requireNonNull(afterValue);
    Objects.requireNonNull(runId);
    Objects.requireNonNull(host);
    Objects.requireNonNull(task);
    Objects.requireNonNull(path);
    Objects.requireNonNull(beforeSha256);
    Objects.requireNonNull(afterSha256);
    Objects.requireNonNull(before);
    Objects.requireNonNull(beforeMode);
    Objects.requireNonNull(beforeOwner);
    Objects.requireNonNull(beforeGroup);
    Objects.requireNonNull(backupPath);
    Objects.requireNonNull(becomeUser);
    Objects.requireNonNull(restarts);
    Objects.requireNonNull(at);
    Objects.requireNonNull(effectiveState);
  }

  /** A content change (a file written, created or removed) of a task without {@code no_log}. */
  public IntendedChange(
      String runId,
      String host,
      String task,
      String path,
      Optional<String> beforeSha256,
      Optional<String> afterSha256,
      Optional<byte[]> before,
      Optional<Integer> beforeMode,
      Optional<String> beforeOwner,
      Optional<String> beforeGroup,
      Optional<String> backupPath,
      Optional<String> becomeUser,
      String restarts,
      Instant at,
      EffectiveState effectiveState) {
    this(
        runId,
        host,
        task,
        path,
        beforeSha256,
        afterSha256,
        before,
        beforeMode,
        beforeOwner,
        beforeGroup,
        backupPath,
        becomeUser,
        restarts,
        at,
        effectiveState,
        false,
        ChangeKind.CONTENT,
        Optional.empty(),
        Optional.empty());
  }
}
