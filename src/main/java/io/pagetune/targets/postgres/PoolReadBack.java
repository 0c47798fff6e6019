package io.pagetune.targets.postgres;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Step;
import java.util.Optional;

/**
 * The pool read back right after this task set it live, before the cluster's setting and restart
 * (the steps after it): only a pool that is really there may carry {@code huge_pages = on}, else
 * PostgreSQL would refuse to start in its window. A short pool fails the task there.
 */
final class PoolReadBack {
  private PoolReadBack() {}

  /**
   * @param wanted the pages the pool must hold
   * @param sysfs the pool's sysfs file when its pages are not the default size ({@code sysctl
   *     vm.nr_hugepages} counts only default-size pages)
   */
  static Step.ReadBack of(long wanted, Optional<String> sysfs) {
    RemoteCommand read =
        sysfs
            .map(f -> RemoteCommand.argv("cat", f))
            .orElse(RemoteCommand.argv("sysctl", "-n", "vm.nr_hugepages"));
    return Step.ReadBack.of(
        "read back the huge-page pool",
        (result, host) -> {
          CommandResult back = host.query(read);
          String got = back.stdout().strip();
          if (back.ok() && got.equals(Long.toString(wanted))) {
            return result;
          }
          return result.withFailure(
              "the huge-page pool reads back "
                  + (got.isEmpty() ? "nothing" : got)
                  + " of "
                  + wanted
                  + " pages (memory fragmented or in use): huge_pages left as it is and no"
                  + " restart requested, since PostgreSQL would not start with huge_pages = on;"
                  + " the persisted pool is allocated at the next boot");
        });
  }
}
