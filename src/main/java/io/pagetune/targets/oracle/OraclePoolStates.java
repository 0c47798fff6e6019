package io.pagetune.targets.oracle;

import io.pagetune.linux.HugePageConsumer;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import java.util.List;
import java.util.OptionalLong;

/** One page state per other consumer of the pool, persisted and live with the pool itself. */
final class OraclePoolStates {
  private OraclePoolStates() {}

  static List<PageState> consumers(
      List<HugePageConsumer> consumers,
      long pageBytes,
      boolean poolPersisted,
      boolean poolLive,
      OptionalLong total) {
    String page = new PageSize(pageBytes).toString();
    return consumers.stream()
        .map(
            c ->
                new PageState(
                    "pool/consumer/" + c.name(),
                    c.pages(pageBytes) + " x " + page,
                    poolPersisted,
                    poolPersisted ? "in the persisted pool" : "",
                    poolLive,
                    poolLive
                        ? "in the live pool"
                        : "HugePages_Total=" + (total.isPresent() ? total.getAsLong() : "unknown"),
                    !poolLive,
                    List.of(c.bytes() + " bytes (" + c.source() + ")")))
        .toList();
  }
}
