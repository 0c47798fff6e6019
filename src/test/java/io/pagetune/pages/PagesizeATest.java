package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PagesizeATest {
  private static PagesizeA read(String name) {
    return PagesizeA.fact().parse(Fixtures.ok("facts/pagesize_a/" + name));
  }

  private static List<String> names(PagesizeA p) {
    return p.sizes().stream().map(PageSize::toString).toList();
  }

  @Test
  void aixPagesizeA() {
    assertEquals(List.of("4K", "64K", "16M", "16G"), names(read("aix.txt")));
  }

  @Test
  void aixPagesizeAf() {
    assertEquals(List.of("4K", "64K", "16M"), names(read("aix_af.txt")));
  }

  @Test
  void sparcCmt() {
    PagesizeA p = read("sparc_cmt.txt");
    assertEquals(List.of("8K", "64K", "4M", "256M"), names(p));
    assertTrue(p.supports(PageSize.SIZE_256M));
    assertEquals(Optional.of(PageSize.SIZE_256M), p.largest());
  }

  @Test
  void linuxSysfsAndMeminfoDeduplicated() {
    assertEquals(List.of("4K", "2M", "1G"), names(read("linux.txt")));
  }

  @Test
  void unsortedInputAndNoise() {
    PagesizeA p = PagesizeA.parse("65536\nfoo\n8192\n65536\n");
    assertEquals(List.of("8K", "64K"), names(p));
    assertFalse(PagesizeA.parse("").largest().isPresent());
  }
}
