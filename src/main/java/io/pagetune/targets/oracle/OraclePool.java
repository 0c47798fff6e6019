package io.pagetune.targets.oracle;

import io.pagetune.linux.HugePageConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Oracle's part of the host's pool: its declared instances as consumers of the one {@code
 * PoolPlan}, and the OS users whose SysV segments {@code vm.hugetlb_shm_group} must admit.
 */
final class OraclePool {
  private OraclePool() {}

  /** How the pool names an instance: {@code oracle/ORCL}. */
  static String consumerName(InstanceSga i) {
    return "oracle/" + i.instance();
  }

  /**
   * One consumer per declared instance, its SGA and the allowance in whole pages; it stands for the
   * running segments of its owner, which are the same memory once it runs.
   */
  static List<HugePageConsumer> instances(
      List<InstanceSga> instances, long allowanceBytes, long pageBytes, String owner) {
    List<HugePageConsumer> out = new ArrayList<>();
    for (InstanceSga i : instances) {
      long pages = -Math.floorDiv(-(i.sgaBytes() + allowanceBytes), pageBytes);
      if (pages > 0) {
        out.add(
            new HugePageConsumer(
                consumerName(i),
                pages * pageBytes,
                "declared SGA " + i.sgaBytes() + " + allowance " + allowanceBytes,
                Set.of(OracleConsumerSource.name(owner))));
      }
    }
    return out;
  }

  /**
   * The OS users {@code vm.hugetlb_shm_group} must admit: those the playbook names ({@code
   * oracle_user} first) and every owner of a SysV segment of at least one huge page today (a second
   * Oracle home, grid's ASM), since {@code SHM_HUGETLB} is refused to a user outside it.
   */
  static List<String> segmentOwners(List<String> named, IpcsShm ipcs, long minPageBytes) {
    List<String> out = new ArrayList<>(named);
    for (ShmSegment s : ipcs.segments()) {
      if (minPageBytes > 0 && s.bytes() >= minPageBytes && !out.contains(s.owner())) {
        out.add(s.owner());
      }
    }
    return out;
  }
}
