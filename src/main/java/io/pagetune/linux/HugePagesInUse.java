package io.pagetune.linux;

import java.util.OptionalLong;

/**
 * Huge pages in use today, read from the pool counters as the platform shows them: pages handed out
 * ({@code Total - Free}) plus pages promised but not yet faulted in ({@code Rsvd}). A pre-paged SGA
 * (Oracle's default on current releases) shows {@code Rsvd = 0} and {@code Free < Total}; it is in
 * use all the same, whatever an old note's "Rsvd must be above 0" says.
 */
public final class HugePagesInUse {
  private HugePagesInUse() {}

  public static OptionalLong pages(Meminfo mem) {
    if (mem.hugePagesTotal().isEmpty() || mem.hugePagesFree().isEmpty()) {
      return OptionalLong.empty();
    }
    long used = mem.hugePagesTotal().getAsLong() - mem.hugePagesFree().getAsLong();
    return OptionalLong.of(Math.max(0, used) + mem.hugePagesRsvd().orElse(0));
  }

  public static String describe(Meminfo mem) {
    return "HugePages_Total "
        + mem.hugePagesTotal().orElse(0)
        + ", Free "
        + mem.hugePagesFree().orElse(0)
        + ", Rsvd "
        + mem.hugePagesRsvd().orElse(0)
        + " ("
        + pages(mem).orElse(0)
        + " in use)";
  }
}
