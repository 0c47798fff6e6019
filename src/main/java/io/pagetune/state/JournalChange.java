package io.pagetune.state;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One file a run changed on a host. {@code sequence} orders changes across all runs (rollback
 * restores in reverse order). Checksums are lower-case hex SHA-256; empty before = the file was
 * created, empty after = the change removed it; the replaced content is kept in the store under its
 * before checksum, {@code backupPath} is the copy beside the target when a task asked for one.
 * {@code noLog}: a {@code no_log} task made it, so no view shows what it wrote or replaced. Changes
 * of other {@link ChangeKind kinds} (mode, owner, group, link, directory) carry the path's state
 * before and after as text instead of checksums.
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
    boolean noLog,
    ChangeKind kind,
    Optional<String> beforeValue,
    Optional<String> afterValue) {
  public JournalChange {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(beforeValue);
    Objects.requireNonNull(afterValue);
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

  /** A content change (rows journaled before kinds existed are content changes). */
  public JournalChange(
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
      String restarts) {
    this(
        sequence,
        runId,
        host,
        task,
        path,
        beforeSha256,
        afterSha256,
        backupPath,
        changedAt,
        effectiveState,
        effectiveDetail,
        effectiveAt,
        writeState,
        beforeMode,
        beforeOwner,
        beforeGroup,
        becomeUser,
        restarts,
        false,
        ChangeKind.CONTENT,
        Optional.empty(),
        Optional.empty());
  }

  /** True when the change removed the path. */
  public boolean removed() {
    return switch (kind) {
      case CONTENT, TREE -> afterSha256.isEmpty();
      case LINK -> afterValue.isEmpty();
      default -> false;
    };
  }

  /** What the path was before, in a few words, for history ("(new file)", "mode 0644"). */
  public String describeBefore() {
    return describe(beforeSha256, beforeValue, "(new file)");
  }

  /** What the change left, in a few words, for history ("(removed)", "link -> /opt/x"). */
  public String describeAfter() {
    return describe(afterSha256, afterValue, "(removed)");
  }

  private String describe(Optional<String> sha, Optional<String> value, String none) {
    return switch (kind) {
      case CONTENT -> sha.map(s -> s.substring(0, 12)).orElse(none);
      case TREE -> sha.map(s -> "tree " + s.substring(0, 12)).orElse(value.orElse("(no tree)"));
      case MODE -> "mode " + value.orElse("?");
      case OWNER -> "owner " + value.orElse("?");
      case GROUP -> "group " + value.orElse("?");
      case LINK -> value.map(t -> "link -> " + t).orElse("(no link)");
      case DIRECTORY -> value.orElse("(absent)");
    };
  }
}
