package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.linux.HugePagesSizing;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.MemlockRecommendation;
import io.pagetune.pages.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class HugePagesPlannerTest {
  private static final long PAGE_2M = 2048L * 1024;
  private static final long RAM_64G = 64L << 30;
  private static final HugePagesPlanner PLANNER = HugePagesPlanner.defaults();

  @Test
  void oracleScriptOnDomainIpcsSample() {
    IpcsShm ipcs = IpcsShm.parse(Fixtures.read("facts/ipcs_shm/linux_domain.txt"));
    HugePagesSizing.Sized s =
        assertInstanceOf(HugePagesSizing.Sized.class, PLANNER.fromSegments(ipcs, PAGE_2M, RAM_64G));
    // 4096 bytes is under one page and ignored; 12884901888 / 2 MiB = 6144, plus 1
    assertEquals(6145, s.pages());
    assertEquals(1, s.breakdown().size());
    assertEquals(6145L * PAGE_2M, s.poolBytes());
  }

  @Test
  void oracleScriptCountsEverySegmentIncludingDest() {
    IpcsShm ipcs = IpcsShm.parse(Fixtures.read("facts/ipcs_shm/linux_dest_and_others.txt"));
    HugePagesSizing.Sized s =
        assertInstanceOf(HugePagesSizing.Sized.class, PLANNER.fromSegments(ipcs, PAGE_2M, RAM_64G));
    // 9158656 -> 4+1, 4294967296 -> 2048+1, 7868416 -> 3+1, 1073741824 -> 512+1
    assertEquals(5 + 2049 + 4 + 513, s.pages());
  }

  @Test
  void tooFewSegmentsIsRefused() {
    IpcsShm ipcs =
        IpcsShm.parse("key shmid owner perms bytes nattch status\n0x0 1 o 600 4194304 1\n");
    HugePagesSizing.Refused r =
        assertInstanceOf(
            HugePagesSizing.Refused.class, PLANNER.fromSegments(ipcs, PAGE_2M, RAM_64G));
    assertTrue(r.reason().contains("not enough shared memory segments"), r.reason());
  }

  @Test
  void nineteenCInstallGuideExample() {
    // 1.6 GB SGA with 2 MB pages gives 820 (no per-instance allowance)
    HugePagesPlanner noAllowance = new HugePagesPlanner(0.70, 0, 0.90);
    long sga = (long) (1.6 * (1L << 30));
    HugePagesSizing.Sized s =
        assertInstanceOf(
            HugePagesSizing.Sized.class,
            noAllowance.fromSga(List.of(new InstanceSga("ORCL", sga)), PAGE_2M, RAM_64G));
    assertEquals(820, s.pages());
  }

  @Test
  void allowancePerInstanceLikeAnsibleOracle() {
    HugePagesSizing.Sized s =
        assertInstanceOf(
            HugePagesSizing.Sized.class,
            PLANNER.fromSga(
                List.of(new InstanceSga("ORCL", 16L << 30), new InstanceSga("+ASM", 1L << 30)),
                PAGE_2M,
                RAM_64G));
    assertEquals(8192 + 4 + 512 + 4, s.pages());
    assertEquals(2, s.breakdown().size());
  }

  @Test
  void theAllowanceIsBytesSoOneGibPagesGetNoExtraGibibytes() {
    // 12 GiB SGA + 8 MiB at 1 GiB pages: 13 pages, not 12 + 4 (4 GiB more)
    HugePagesSizing.Sized s =
        assertInstanceOf(
            HugePagesSizing.Sized.class,
            PLANNER.fromSga(List.of(new InstanceSga("ORCL", 12L << 30)), 1L << 30, RAM_64G));
    assertEquals(13, s.pages());
    assertEquals("ORCL: ceil((12884901888 + 8388608) / 1073741824) = 13", s.breakdown().get(0));
  }

  @Test
  void aboveSeventyPercentIsRefusedWithNumbers() {
    HugePagesSizing.Refused r =
        assertInstanceOf(
            HugePagesSizing.Refused.class,
            PLANNER.fromSga(List.of(new InstanceSga("BIG", 48L << 30)), PAGE_2M, RAM_64G));
    assertTrue(r.reason().contains("75.0% of RAM"), r.reason());
    assertTrue(r.reason().contains("70% cap"), r.reason());
    HugePagesPlanner generous = new HugePagesPlanner(0.80, 8L << 20, 0.90);
    assertInstanceOf(
        HugePagesSizing.Sized.class,
        generous.fromSga(List.of(new InstanceSga("BIG", 48L << 30)), PAGE_2M, RAM_64G));
  }

  @Test
  void missingHugepagesizeOrMemTotalIsRefused() {
    List<InstanceSga> one = List.of(new InstanceSga("ORCL", 1L << 30));
    assertInstanceOf(HugePagesSizing.Refused.class, PLANNER.fromSga(one, 0, RAM_64G));
    assertInstanceOf(HugePagesSizing.Refused.class, PLANNER.fromSga(one, PAGE_2M, 0));
    assertInstanceOf(HugePagesSizing.Refused.class, PLANNER.fromSga(List.of(), PAGE_2M, RAM_64G));
  }

  @Test
  void fromMeminfoFixtures() {
    Meminfo host = Meminfo.parse(Fixtures.read("facts/meminfo/oracle_host_64g.txt"));
    IpcsShm ipcs = IpcsShm.parse(Fixtures.read("facts/ipcs_shm/linux_domain.txt"));
    assertEquals(
        6145,
        assertInstanceOf(HugePagesSizing.Sized.class, PLANNER.fromSegments(ipcs, host)).pages());
    // the Exadata sample has no MemTotal line: the cap cannot be checked, so no number is given
    Meminfo exadata = Meminfo.parse(Fixtures.read("facts/meminfo/exadata_after_start.txt"));
    HugePagesSizing.Refused r =
        assertInstanceOf(HugePagesSizing.Refused.class, PLANNER.fromSegments(ipcs, exadata));
    assertTrue(r.reason().contains("MemTotal"), r.reason());
    Meminfo noHuge = Meminfo.parse(Fixtures.read("facts/meminfo/no_hugetlb_kernel.txt"));
    HugePagesSizing.Refused unsupported =
        assertInstanceOf(
            HugePagesSizing.Refused.class,
            PLANNER.fromSga(List.of(new InstanceSga("ORCL", 1L << 30)), noHuge));
    assertTrue(unsupported.reason().contains("Hugepagesize"), unsupported.reason());
  }

  @Test
  void memlockNinetyPercentOf64GbMatchesOracleExample() {
    MemlockRecommendation m = PLANNER.memlock(16L << 30, RAM_64G);
    assertEquals(60397977L, m.kb());
    // the same limit for a larger pool gives the same limits file
    assertEquals(m, PLANNER.memlock(20L << 30, RAM_64G));
  }

  @Test
  void memlockNeverBelowThePool() {
    HugePagesPlanner low = new HugePagesPlanner(1.0, 0, 0.5);
    MemlockRecommendation m = low.memlock(40L << 30, RAM_64G);
    assertEquals((40L << 30) / 1024, m.kb());
  }

  @Test
  void invalidSharesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new HugePagesPlanner(0, 4, 0.9));
    assertThrows(IllegalArgumentException.class, () -> new HugePagesPlanner(0.7, -1L, 0.9));
    assertThrows(IllegalArgumentException.class, () -> new HugePagesPlanner(0.7, 4, 1.5));
  }
}
