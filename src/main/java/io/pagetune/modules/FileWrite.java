package io.pagetune.modules;

import io.pagetune.connection.Become;
import io.pagetune.connection.FileMeta;
import java.util.Objects;
import java.util.Optional;

/**
 * A write (or removal) a {@link StepRunner} is about to make.
 *
 * @param before the content it replaces; empty when the file does not exist
 * @param beforeMeta mode, owner and group of the replaced file
 * @param after the new content; empty when the file is removed
 * @param backupBeside the copy kept next to the target, when the task asked for one
 */
public record FileWrite(
    String path,
    Optional<byte[]> before,
    Optional<FileMeta> beforeMeta,
    Optional<byte[]> after,
    Optional<String> backupBeside,
    Become become) {
  public FileWrite {
    Objects.requireNonNull(path);
    Objects.requireNonNull(before);
    Objects.requireNonNull(beforeMeta);
    Objects.requireNonNull(after);
    Objects.requireNonNull(backupBeside);
    Objects.requireNonNull(become);
  }
}
