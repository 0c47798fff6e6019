package io.pagetune.modules;

import java.util.Optional;

/** Told about every file a {@link StepRunner} wrote: the journal behind rollback listens here. */
@FunctionalInterface
public interface WriteObserver {
  /**
   * @param before the replaced content; empty when the file was created
   * @param backup the timestamped copy of the replaced content, when one was kept
   */
  void written(String path, Optional<byte[]> before, byte[] after, Optional<String> backup);

  WriteObserver NONE = (path, before, after, backup) -> {};
}
