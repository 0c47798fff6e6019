package io.pagetune.targets;

import java.util.ArrayList;
import java.util.List;

/**
 * What one target shows in a host's row of the {@code pagetune facts} table, in its own words: a
 * display summary of the whole host, not a page state (those are {@link
 * io.pagetune.pages.PageState}s, stored and compared; these cells are only read by people).
 *
 * @param inUse the page sizes its processes or pools run with, e.g. {@code webservd heap 4M:98%}
 * @param hugePages the Linux huge-page pool, e.g. {@code 512 pool, 300 used}
 * @param thp the transparent huge pages mode, e.g. {@code never}
 * @param kernels the kernel or version detail of what it runs, e.g. {@code NWP 7.53 PL 1200}
 * @param pending what must restart before its persisted setting takes effect, e.g. {@code SAP
 *     system NWP}
 */
public record FactCells(
    List<String> inUse,
    List<String> hugePages,
    List<String> thp,
    List<String> kernels,
    List<String> pending) {
  /** A target with nothing on the host shows nothing. */
  public static final FactCells NONE =
      new FactCells(List.of(), List.of(), List.of(), List.of(), List.of());

  public FactCells {
    inUse = List.copyOf(inUse);
    hugePages = List.copyOf(hugePages);
    thp = List.copyOf(thp);
    kernels = List.copyOf(kernels);
    pending = List.copyOf(pending);
  }

  /** These cells, then {@code next}'s: the row of a host with several targets. */
  public FactCells plus(FactCells next) {
    return new FactCells(
        concat(inUse, next.inUse),
        concat(hugePages, next.hugePages),
        concat(thp, next.thp),
        concat(kernels, next.kernels),
        concat(pending, next.pending));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
