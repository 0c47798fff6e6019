package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SmapsMappingTest {
  @Test
  void thePostmastersMainSharedMemoryIn4kPages() {
    SmapsMapping m =
        SmapsMapping.mainSharedMemory(Fixtures.read("facts/smaps/postmaster_4k_pages.txt")).get();
    assertEquals("7f349ee65000-7f3564abf000", m.range());
    assertEquals("/dev/zero (deleted)", m.path());
    assertEquals(3240296, m.sizeKb());
    assertEquals(4, m.kernelPageSizeKb());
    assertEquals(0, m.hugetlbKb());
    assertFalse(m.inHugePages());
    assertEquals("3164 MB in 4 kB pages (/dev/zero (deleted))", m.describe());
  }

  @Test
  void thePostmastersMainSharedMemoryIn2mPages() {
    SmapsMapping m =
        SmapsMapping.mainSharedMemory(Fixtures.read("facts/smaps/postmaster_2m_pages.txt")).get();
    assertEquals("/anon_hugepage (deleted)", m.path());
    assertEquals(2048, m.kernelPageSizeKb());
    assertTrue(m.inHugePages());
    assertTrue(m.hugetlbKb() > 0, m::toString);
  }

  @Test
  void privateMappingsAreNotSharedMemory() {
    String smaps =
        "55d0c0000000-55d0f0000000 rw-p 00000000 00:00 0 \n"
            + "Size:             786432 kB\n"
            + "KernelPageSize:        4 kB\n"
            + "7f0000000000-7f0000200000 rw-s 00000000 00:0f 1234   /anon_hugepage (deleted)\n"
            + "Size:               2048 kB\n"
            + "KernelPageSize:     2048 kB\n"
            + "Shared_Hugetlb:     2048 kB\n"
            + "Private_Hugetlb:       0 kB\n";
    SmapsMapping m = SmapsMapping.mainSharedMemory(smaps).get();
    assertEquals(2048, m.sizeKb());
    assertEquals(2048, m.hugetlbKb());
    assertEquals(2, SmapsMapping.parse(smaps).size());
    assertEquals("", SmapsMapping.parse(smaps).get(0).path());
    assertEquals(
        Optional.empty(),
        SmapsMapping.mainSharedMemory(smaps.lines().limit(3).reduce("", (a, b) -> a + b + "\n")));
  }
}
