package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PoolFileTest {
  @Test
  void rendersTheHeaderTheLinesAboutThePoolThePoolAndTheKeysBesideIt() {
    assertEquals(
        "# Managed by pagetune (oracle_hugepages); do not edit by hand.\n"
            + "# HugePages pool for the Oracle SGA, from declared SGA sizes\n"
            + "vm.nr_hugepages = 13\n"
            + "vm.hugetlb_shm_group = 54321\n",
        PoolFile.text(
            "oracle_hugepages",
            List.of("HugePages pool for the Oracle SGA, from declared SGA sizes"),
            13,
            Map.of("vm.hugetlb_shm_group", "54321")));
  }

  @Test
  void aFileWithOtherKeysKeepsThemAndOnlyThePoolChanges() {
    String now =
        "# Managed by pagetune (oracle_hugepages); do not edit by hand.\n"
            + "vm.nr_hugepages = 13\n"
            + "vm.hugetlb_shm_group = 54321\n";
    assertEquals(
        now.replace("= 13", "= 17"), PoolFile.wanted(now, "rendered\n", 17), "edited in place");
    assertEquals(now, PoolFile.wanted(now, "rendered\n", 13), "nothing to change");
    // a pool missing from such a file is appended; the sysfs-style key counts as the same key
    assertEquals(
        "vm.hugetlb_shm_group = 54321\nvm.nr_hugepages = 4\n",
        PoolFile.wanted("vm.hugetlb_shm_group = 54321", "rendered\n", 4));
    assertEquals(
        "kernel.shmmax = 1\n-vm/nr_hugepages = 4\n",
        PoolFile.wanted("kernel.shmmax = 1\n-vm/nr_hugepages = 2\n", "rendered\n", 4));
  }

  @Test
  void aFileWithOnlyThePoolIsRenderedAnew() {
    assertEquals("rendered\n", PoolFile.wanted("# old\nvm.nr_hugepages = 2\n", "rendered\n", 4));
    assertEquals("rendered\n", PoolFile.wanted("", "rendered\n", 4));
  }
}
