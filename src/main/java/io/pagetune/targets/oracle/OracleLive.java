package io.pagetune.targets.oracle;

import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.PoolOfSize;
import java.util.OptionalLong;

/**
 * The pool and the shm group as the running kernel has them now.
 *
 * @param total {@code HugePages_Total} (pages of the default size)
 * @param poolLive the live pool is the planned one (only at the default page size)
 * @param group the live {@code vm.hugetlb_shm_group}, or {@code unknown}
 * @param size the SGAs' pool, as it is set live and read back
 */
record OracleLive(OptionalLong total, boolean poolLive, String group, PoolOfSize size) {
  static OracleLive of(Meminfo mem, LinuxBootConfig boot, OracleRequest req, long pages) {
    OptionalLong total = mem.hugePagesTotal();
    PoolOfSize size = req.size(total.orElse(0));
    boolean poolLive = size.defaultPage() && total.isPresent() && size.isLive(pages);
    return new OracleLive(total, poolLive, boot.liveShmGroup().orElse("unknown"), size);
  }

  /** {@code HugePages_Total} in words. */
  String totalText() {
    return total.isPresent() ? Long.toString(total.getAsLong()) : "unknown";
  }
}
