package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class MeminfoTest {
  private static Meminfo read(String name) {
    return Meminfo.fact().parse(Fixtures.ok("facts/meminfo/" + name));
  }

  @Test
  void exadataSampleAfterInstanceStart() {
    Meminfo m = read("exadata_after_start.txt");
    assertEquals(OptionalLong.of(159427), m.hugePagesTotal());
    assertEquals(OptionalLong.of(76189), m.hugePagesFree());
    assertEquals(OptionalLong.of(153), m.hugePagesRsvd());
    assertEquals(OptionalLong.of(0), m.hugePagesSurp());
    assertEquals(OptionalLong.of(2048L * 1024), m.hugepagesizeBytes());
    assertEquals(OptionalLong.of(0), m.anonHugePagesBytes());
    assertTrue(m.memTotalBytes().isEmpty());
    assertTrue(m.poolInUse());
  }

  @Test
  void fullHostConvertsKbToBytesAndKeepsCounts() {
    Meminfo m = read("oracle_host_64g.txt");
    assertEquals(OptionalLong.of(64L << 30), m.memTotalBytes());
    assertEquals(OptionalLong.of(16384), m.hugePagesTotal());
    assertEquals(OptionalLong.of(32L << 30), m.hugetlbBytes());
    assertEquals(OptionalLong.of(409600L * 1024), m.anonHugePagesBytes());
    assertEquals(4194304L * 1024, m.bytes().get("Active(anon)"));
    assertFalse(m.poolInUse(), "Free == Total and no Rsvd: no instance uses the pool");
  }

  @Test
  void aPrePagedSgaWithNothingFreeOrReservedUsesTheWholePool() {
    // Oracle 12.2+ faults the whole SGA in at start (pre-paging): Free 0 and Rsvd 0 mean every
    // page is mapped, not that none is used
    Meminfo m = read("prepaged_sga_fully_in_use.txt");
    assertEquals(OptionalLong.of(6148), m.hugePagesTotal());
    assertTrue(m.poolInUse());
  }

  @Test
  void kernelWithoutHugetlbHasNoPageSize() {
    Meminfo m = read("no_hugetlb_kernel.txt");
    assertTrue(m.hugepagesizeBytes().isEmpty());
    assertTrue(m.hugePagesTotal().isEmpty());
    assertEquals(OptionalLong.of(2030604L * 1024), m.memTotalBytes());
  }

  @Test
  void garbageIsIgnored() {
    Meminfo m = Meminfo.parse("cat: /proc/meminfo: No such file\nMemTotal: lots kB\n");
    assertTrue(m.counts().isEmpty());
    assertTrue(m.bytes().isEmpty());
  }

  @Test
  void anonHugePagesMeanThpInUse() {
    assertTrue(
        Meminfo.parse(Fixtures.read("facts/meminfo/oracle_host_64g.txt"))
            .transparentHugePagesInUse());
    assertFalse(
        Meminfo.parse(Fixtures.read("facts/meminfo/exadata_after_start.txt"))
            .transparentHugePagesInUse());
  }
}
