package io.pagetune.targets.sap;

import io.pagetune.pages.PageSize;
import java.util.Map;
import java.util.Optional;

/**
 * One process row of {@code ps -Z}: the page size per column, keyed by the header name ({@code
 * DPGSZ}, {@code SPGSZ}, {@code TPGSZ}, {@code SHMPGSZ}); a column the variant lacks is absent.
 */
record ProcessPageSizes(String pid, String ppid, String command, Map<String, PageSize> sizes) {
  public ProcessPageSizes {
    ppid = ppid == null ? "" : ppid;
    sizes = Map.copyOf(sizes);
  }

  /** A row of a layout without a PPID column ({@code ps -u <user> -Z}). */
  public ProcessPageSizes(String pid, String command, Map<String, PageSize> sizes) {
    this(pid, "", command, sizes);
  }

  public Optional<PageSize> data() {
    return Optional.ofNullable(sizes.get("DPGSZ"));
  }

  public Optional<PageSize> stack() {
    return Optional.ofNullable(sizes.get("SPGSZ"));
  }

  public Optional<PageSize> text() {
    return Optional.ofNullable(sizes.get("TPGSZ"));
  }

  public Optional<PageSize> sharedMemory() {
    return Optional.ofNullable(sizes.get("SHMPGSZ"));
  }

  /** The program name: the last path element of the first word of the command. */
  public String program() {
    String first = command.strip().split("\\s+", 2)[0];
    return first.substring(first.lastIndexOf('/') + 1);
  }
}
