package io.pagetune.targets.solaris;

import io.pagetune.facts.Fact;
import java.util.List;

/**
 * The Solaris slice's fact scripts as other packages' tests need them: the slice keeps its types to
 * itself.
 */
public final class SolarisTestFacts {
  private SolarisTestFacts() {}

  /** One instance of each fact script the slice runs on a host. */
  public static List<Fact<?>> scripts() {
    return List.of(
        PmapPageSizes.fact(15492),
        IsainfoBits.fact(),
        ElfWordSize.fact("/opt/SUNWwbsvr7/lib/webservd"));
  }
}
