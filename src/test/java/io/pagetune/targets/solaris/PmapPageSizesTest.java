package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import io.pagetune.pages.PageSize;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PmapPageSizesTest {
  private static PmapPageSizes read(String name) {
    return PmapPageSizes.fact(1).parse(Fixtures.ok("facts/pmap_page_sizes/" + name));
  }

  @Test
  void domainExample() {
    PmapPageSizes p = read("domain_example.txt");
    assertEquals("15492", p.pid());
    assertEquals("./maps", p.command());
    assertTrue(p.hasPageSizes());
    assertEquals(7, p.mappings().size());
    PmapMapping notResident = p.mappings().get(3);
    assertEquals("00C00000", notResident.address());
    assertTrue(notResident.pageSize().isEmpty());
    assertTrue(notResident.rssKb().isEmpty());
    assertTrue(notResident.isHeap());
    PmapMapping ism = p.mappings().get(5);
    assertEquals("[ ism shmid=0x3 ]", ism.mappedFile());
    assertEquals(OptionalLong.of(8192), ism.lockedKb());
    assertEquals("rwxsR", ism.mode());
    assertEquals(3960 + 8192 + 4096 + 4096, p.heapKb());
    assertEquals(8192 + 4096, p.heapKbAt(PageSize.SIZE_4M));
    assertEquals(12288.0 / 20344, p.heapShareAt(PageSize.SIZE_4M), 1e-9);
    assertTrue(p.heapMostlyAt(PageSize.SIZE_4M));
    assertFalse(p.heapMostlyAt(PageSize.SIZE_256M));
  }

  @Test
  void webservdAfterTheChangeSkipsTotals() {
    PmapPageSizes p = read("webservd_256m.txt");
    assertEquals("2231", p.pid());
    assertEquals(6, p.mappings().size());
    assertEquals(Optional.of(PageSize.SIZE_256M), p.mappings().get(3).pageSize());
    assertTrue(p.heapMostlyAt(PageSize.SIZE_256M));
  }

  @Test
  void plainPmapXHasNoPageSizes() {
    PmapPageSizes p = read("plain_x.txt");
    assertFalse(p.hasPageSizes());
    assertEquals(1, p.mappings().size());
    assertEquals("rwx--", p.mappings().get(0).mode());
    assertFalse(p.heapMostlyAt(PageSize.SIZE_4M));
  }

  @Test
  void emptyOutput() {
    PmapPageSizes p = PmapPageSizes.parse("pmap: cannot examine 99: no such process\n");
    assertTrue(p.mappings().isEmpty());
    assertEquals(0, p.heapShareAt(PageSize.SIZE_4M));
  }
}
