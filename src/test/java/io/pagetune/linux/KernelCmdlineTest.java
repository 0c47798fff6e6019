package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KernelCmdlineTest {
  @Test
  void preinstallRpmStyle() {
    KernelCmdline c =
        KernelCmdline.fact().parse(Fixtures.ok("facts/kernel_cmdline/oracle_preinstall.txt"));
    assertEquals(Optional.of("never"), c.transparentHugepage());
    assertEquals(Optional.of("off"), c.last("numa"));
    assertTrue(c.hugepages().isEmpty());
    assertFalse(c.hasPluralThpTypo());
  }

  @Test
  void bootTimePoolAndPluralTypo() {
    KernelCmdline c =
        KernelCmdline.parse(Fixtures.read("facts/kernel_cmdline/boot_pool_and_typo.txt"));
    assertEquals(List.of("1G", "2M"), c.hugepagesz());
    assertEquals(List.of("16", "1024"), c.hugepages());
    assertEquals(Optional.of("1G"), c.defaultHugepagesz());
    assertTrue(c.transparentHugepage().isEmpty(), "plural form is not the parameter");
    assertTrue(c.hasPluralThpTypo());
    assertEquals(Optional.of("ttyS0,115200n8"), c.last("console"));
  }

  @Test
  void emptyCmdline() {
    assertTrue(KernelCmdline.parse("").words().isEmpty());
  }
}
