package io.pagetune.modules;

import io.pagetune.connection.FileMeta;
import io.pagetune.facts.Fact;
import java.util.Optional;

/**
 * The read-only view of a host that planning gets. It has no way to write or run arbitrary
 * commands, which is what makes check mode safe by construction.
 */
public interface HostState {
  String host();

  Optional<byte[]> read(String path);

  Optional<FileMeta> stat(String path);

  /** How large a file planning may read whole; check it against the file's stat first. */
  default FileSizeLimit fileSizeLimit() {
    return FileSizeLimit.DEFAULT;
  }

  /** How large a tree a removal may back up in the journal before it is refused. */
  default TreeBackupLimit treeBackupLimit() {
    return TreeBackupLimit.DEFAULT;
  }

  /** A read-only fact, cached for this host until the next apply. */
  <T> T fact(Fact<T> fact);
}
