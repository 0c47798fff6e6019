package io.pagetune.linux;

import io.pagetune.pages.PageState;
import java.util.ArrayList;
import java.util.List;

/**
 * The page states of one size's pool and of each consumer in it: persisted as {@link
 * PoolPersistence} judges the next boot, effective when the live pool holds the planned pages.
 */
public final class PoolStates {
  private PoolStates() {}

  /**
   * @param runtime whether the task sets the pool live (else it waits for a reboot)
   */
  public static List<PageState> of(
      PoolPlan pool, PoolOfSize size, PoolPersistence persistence, boolean runtime) {
    boolean persisted = persistence.persisted();
    boolean live = size.isLive(pool.pages());
    List<String> reasons = new ArrayList<>(pool.breakdown());
    reasons.addAll(pool.notes());
    reasons.addAll(persistence.notes());
    if (!live) {
      reasons.add(
          "HugePages_Total is " + size.live() + (runtime ? " until set live" : " until a reboot"));
    }
    List<PageState> states = new ArrayList<>();
    states.add(
        new PageState(
            size.target(),
            size.desired(pool.pages()),
            persisted,
            persistence.bootValue(),
            live,
            size.liveValue(),
            !live,
            reasons));
    for (HugePageConsumer c : pool.consumers()) {
      states.add(
          new PageState(
              "pool/consumer/" + c.name(),
              c.pages(size.pageBytes()) + " x " + size.page(),
              persisted,
              persisted ? "in the persisted pool" : "",
              live,
              live ? "in the live pool" : "HugePages_Total=" + size.live(),
              !live,
              List.of(c.bytes() + " bytes (" + c.source() + ")")));
    }
    return states;
  }
}
