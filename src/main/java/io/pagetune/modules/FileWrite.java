package io.pagetune.modules;

import io.pagetune.connection.Become;
import io.pagetune.connection.FileMeta;
import io.pagetune.state.ChangeKind;
import java.util.Objects;
import java.util.Optional;

/**
 * A change a {@link StepRunner} is about to make to one path: a write or removal of content, or (by
 * {@code kind}) a tree removed, a mode/owner/group set, a link or a directory made.
 *
 * @param before the content it replaces (for a tree, its archive); empty when there is none
 * @param beforeMeta mode, owner and group of the replaced file
 * @param after the new content; empty when the file is removed
 * @param backupBeside the copy kept next to the target, when the task asked for one
 * @param beforeValue for kinds without content: the path's state before, as the journal keeps it (a
 *     mode, owner:group, a link target); empty when the path did not exist
 * @param afterValue the state the change leaves; empty when it removes the path
 */
public record FileWrite(
    String path,
    Optional<byte[]> before,
    Optional<FileMeta> beforeMeta,
    Optional<byte[]> after,
    Optional<String> backupBeside,
    Become become,
    ChangeKind kind,
    Optional<String> beforeValue,
    Optional<String> afterValue) {
  public FileWrite {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(beforeValue);
    Objects.requireNonNull(afterValue);
    Objects.requireNonNull(path);
    Objects.requireNonNull(before);
    Objects.requireNonNull(beforeMeta);
    Objects.requireNonNull(after);
    Objects.requireNonNull(backupBeside);
    Objects.requireNonNull(become);
  }

  /** A content write or removal. */
  public FileWrite(
      String path,
      Optional<byte[]> before,
      Optional<FileMeta> beforeMeta,
      Optional<byte[]> after,
      Optional<String> backupBeside,
      Become become) {
    this(
        path,
        before,
        beforeMeta,
        after,
        backupBeside,
        become,
        ChangeKind.CONTENT,
        Optional.empty(),
        Optional.empty());
  }
}
