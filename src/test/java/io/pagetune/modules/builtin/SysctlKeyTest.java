package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SysctlKeyTest {
  @Test
  void valuesCompareByPythonsWords() {
    assertEquals("4096 87380 6291456", LiveSysctlValue.words(" 4096\t87380  6291456\n"));
    // Python's str.split() also splits at a no-break space, Java's \s does not
    assertEquals("1 2", LiveSysctlValue.words("1\u00a02"));
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
