package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SysctlKeyTest {
  @Test
  void slashFormSwapsSlashesAndDots() {
    assertEquals("vm.nr_hugepages", SysctlKey.canonical("vm/nr_hugepages"));
    assertEquals(
        "net.ipv4.conf.eth0/100.rp_filter",
        SysctlKey.canonical("net/ipv4/conf/eth0.100/rp_filter"));
    assertEquals(
        "net.ipv4.conf.eth0/100.rp_filter",
        SysctlKey.canonical("net.ipv4.conf.eth0/100.rp_filter"));
    assertTrue(
        SysctlKey.same("net/ipv4/conf/eth0.100/rp_filter", "net.ipv4.conf.eth0/100.rp_filter"));
    assertFalse(SysctlKey.same("vm.a", "vm.b"));
  }

  @Test
  void valuesCompareByWords() {
    assertEquals("4096 87380 6291456", SysctlKey.normalizeValue(" 4096\t87380  6291456\n"));
  }

  @Test
  void namesAreRestricted() {
    assertTrue(SysctlKey.isValid("kernel.shmmax"));
    assertTrue(SysctlKey.isValid("net/ipv4/conf/eth0.100/rp_filter"));
    assertFalse(SysctlKey.isValid("vm.x y"));
    assertFalse(SysctlKey.isValid("vm.x;reboot"));
    assertFalse(SysctlKey.isValid(""));
    assertFalse(SysctlKey.isValid("-p"));
  }
}
