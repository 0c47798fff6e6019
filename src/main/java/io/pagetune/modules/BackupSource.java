package io.pagetune.modules;

import java.util.Optional;

/** Where the contents journaled changes replaced are kept (the state store), by SHA-256. */
@FunctionalInterface
public interface BackupSource {
  Optional<byte[]> content(String sha256);

  /** No store: nothing is kept. */
  BackupSource NONE = sha256 -> Optional.empty();
}
