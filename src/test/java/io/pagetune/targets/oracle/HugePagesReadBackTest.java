package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.linux.Meminfo;
import io.pagetune.pages.Fixtures;
import io.pagetune.targets.oracle.HugePagesReadBack.Status;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HugePagesReadBackTest {
  @Test
  void partialAllocationIsShort() {
    // spdk's example: 4096 requested, 3738 allocated
    HugePagesReadBack r = HugePagesReadBack.compare(4096, OptionalLong.of(3738));
    assertEquals(Status.SHORT, r.status());
    assertTrue(r.message().contains("only 3738"), r.message());
    assertFalse(r.ok());
  }

  @Test
  void matchOverAndUnknown() {
    assertTrue(HugePagesReadBack.compare(6145, OptionalLong.of(6145)).ok());
    assertEquals(Status.OVER, HugePagesReadBack.compare(10, OptionalLong.of(12)).status());
    assertEquals(Status.UNKNOWN, HugePagesReadBack.compare(10, OptionalLong.empty()).status());
  }

  @Test
  void readBackFromSysctlFact() {
    SysctlValue v = SysctlValue.nrHugepages().parse(Fixtures.ok("facts/sysctl/nr_hugepages.txt"));
    assertTrue(HugePagesReadBack.compare(6145, v.asLong()).ok());
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
