package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.Fixtures;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SysctlValueTest {
  @Test
  void readsNrHugepages() {
    var fact = SysctlValue.nrHugepages();
    assertEquals("sysctl -n vm.nr_hugepages", fact.script());
    assertEquals(
        OptionalLong.of(6145), fact.parse(Fixtures.ok("facts/sysctl/nr_hugepages.txt")).asLong());
  }

  @Test
  void missingKeyIsEmpty() {
    SysctlValue v =
        SysctlValue.hugetlbShmGroup()
            .parse(
                CommandResult.of(
                    255, "", "sysctl: cannot stat /proc/sys/vm/hugetlb_shm_group: No such file"));
    assertTrue(v.value().isEmpty());
    assertTrue(v.asLong().isEmpty());
  }

  @Test
  void nonNumericValue() {
    assertTrue(SysctlValue.parse("kernel.x", "1\t2\n", true).asLong().isEmpty());
  }

  @Test
  void rejectsShellInName() {
    assertThrows(IllegalArgumentException.class, () -> SysctlValue.fact("vm.x; reboot"));
  }
}
