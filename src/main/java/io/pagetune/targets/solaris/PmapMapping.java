package io.pagetune.targets.solaris;

import io.pagetune.pages.PageSize;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One line of {@code pmap -xs}: a run of pages of one size. {@code pageSize} is empty for {@code -}
 * (not resident) or when pmap printed no Pgsz column.
 */
record PmapMapping(
    String address,
    long kbytes,
    OptionalLong rssKb,
    OptionalLong anonKb,
    OptionalLong lockedKb,
    Optional<PageSize> pageSize,
    String mode,
    String mappedFile) {

  public boolean isHeap() {
    return mappedFile.replace(" ", "").equals("[heap]");
  }
}
