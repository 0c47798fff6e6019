package io.pagetune.targets.postgres;

import io.pagetune.linux.PoolOfSize;
import io.pagetune.linux.PoolReadBack;
import io.pagetune.modules.Step;

/**
 * The pool read back right after this task set it live, before the cluster's setting and restart
 * (the steps after it): only a pool that is really there may carry {@code huge_pages = on}, else
 * PostgreSQL would refuse to start in its window. A short pool fails the task there.
 */
final class ClusterPoolReadBack {
  private ClusterPoolReadBack() {}

  /**
   * @param wanted the pages the pool must hold
   * @param size the pool's page size, read as {@link PoolReadBack} reads it
   */
  static Step.ReadBack of(long wanted, PoolOfSize size) {
    return Step.ReadBack.of(
        "read back the huge-page pool",
        (result, host) -> {
          PoolReadBack back = PoolReadBack.read(host, size, wanted);
          if (back.ok()) {
            return result;
          }
          return result.withFailure(
              "the huge-page pool reads back "
                  + back.got()
                  + " of "
                  + wanted
                  + " pages (memory fragmented or in use): huge_pages left as it is and no"
                  + " restart requested, since PostgreSQL would not start with huge_pages = on;"
                  + " the persisted pool is allocated at the next boot");
        });
  }
}
