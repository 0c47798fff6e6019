package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The 1 GiB pair on a command line, by the kernel's positional rules (hugetlbpage.rst,
 * kernel-parameters.txt, mm/hugetlb.c): only that size's pair is edited, and a line is read back as
 * the kernel reads it.
 */
class HugePagesPairTest {
  private static final long G = 1L << 30;
  private static final long M2 = 2L << 20;
  private static final HugePagesPair FOUR = new HugePagesPair(G, 4, M2);

  private static String edited(String line) {
    return String.join(" ", FOUR.apply(KernelCmdline.parse(line).words()));
  }

  @Test
  void aNewPairGoesLastAndLeavesTheOtherSizesAndTheDefaultCount() {
    assertEquals(
        "ro hugepages=1024 hugepagesz=2M hugepages=512 hugepagesz=1G hugepages=4",
        edited("ro hugepages=1024 hugepagesz=2M hugepages=512"));
    assertEquals(
        "ro default_hugepagesz=2M hugepagesz=1G hugepages=4", edited("ro default_hugepagesz=2M"));
  }

  @Test
  void theCountTheKernelTakesIsSetInPlaceAndIgnoredRepeatsGo() {
    assertEquals(
        "ro hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=512",
        edited("ro hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=512"));
    // another word between the size and its count: the count is still the size's
    assertEquals("hugepagesz=1G quiet hugepages=4", edited("hugepagesz=1G quiet hugepages=2"));
    // a size without a count gets one; a count of the next size is not taken
    assertEquals(
        "hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=512",
        edited("hugepagesz=1G hugepagesz=2M hugepages=512"));
    // the kernel ignores a repeated size with its count: the repeat goes, 1024M is 1G
    assertEquals(
        "hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=512",
        edited(
            "hugepagesz=1G hugepages=2 hugepagesz=2M hugepages=512 hugepagesz=1024M hugepages=8"));
  }

  /**
   * A gigantic default size takes its count from the {@code hugepages=} after {@code
   * default_hugepagesz=} (or a leading one); a later {@code hugepagesz=1G} pair is then "specified
   * twice" and ignored (hugetlbpage.rst: hugepagesz "can only be specified once on the command line
   * for a specific huge page size"; default_hugepagesz "can optionally be followed by the hugepages
   * parameter"). So that count is set, and no ignored pair is added: the line reads back as the
   * plan, and a second run plans nothing.
   */
  @Test
  void aGiganticDefaultSizeKeepsTheCountAfterDefaultHugepagesz() {
    HugePagesPair thirteen = new HugePagesPair(G, 13, M2);
    for (String[] c :
        new String[][] {
          {"ro default_hugepagesz=1G hugepages=4", "ro default_hugepagesz=1G hugepages=13"},
          {"hugepages=4 default_hugepagesz=1G quiet", "hugepages=13 default_hugepagesz=1G quiet"},
          {
            "default_hugepagesz=1G hugepages=4 hugepagesz=1G hugepages=8 hugepagesz=2M hugepages=9",
            "default_hugepagesz=1G hugepages=13 hugepagesz=2M hugepages=9"
          },
          // named again before its count: the pair is where the kernel counts, as before
          {
            "default_hugepagesz=1G hugepagesz=1G hugepages=4",
            "default_hugepagesz=1G hugepagesz=1G hugepages=13"
          },
          {"default_hugepagesz=1G", "default_hugepagesz=1G hugepagesz=1G hugepages=13"}
        }) {
      java.util.List<String> applied = thirteen.apply(KernelCmdline.parse(c[0]).words());
      assertEquals(c[1], String.join(" ", applied), c[0]);
      assertTrue(thirteen.isIn(KernelCmdline.parse(c[1])), c[1]);
      assertEquals(applied, thirteen.apply(applied), "a second edit changes nothing: " + c[0]);
    }
  }

  @Test
  void aLineIsReadBackAsTheKernelReadsIt() {
    assertTrue(FOUR.isIn(KernelCmdline.parse(edited("ro hugepages=1024"))));
    assertEquals(
        Map.of(M2, 1024L, G, 4L),
        BootCmdline.reservations(
            KernelCmdline.parse("hugepages=1024 hugepagesz=1G hugepages=4"), M2));
    // the first pair of a size counts, a repeat is ignored with its count
    KernelCmdline twice =
        KernelCmdline.parse("hugepagesz=1G hugepages=2 hugepagesz=1G hugepages=4");
    assertEquals(Optional.of(2L), FOUR.reserved(twice));
    assertFalse(FOUR.isIn(twice));
    assertEquals("hugepagesz=1G hugepages=2", FOUR.found(twice));
    assertEquals("no 1G reservation", FOUR.found(KernelCmdline.parse("hugepagesz=2M hugepages=4")));
    // a count after default_hugepagesz is the default size's
    assertEquals(
        Map.of(G, 16L, M2, 512L),
        BootCmdline.reservations(
            KernelCmdline.parse("hugepagesz=2M hugepages=512 default_hugepagesz=1G hugepages=16"),
            M2));
    // Oracle's form: the default size named again before its count
    assertEquals(
        Map.of(G, 16L),
        BootCmdline.reservations(
            KernelCmdline.parse("default_hugepagesz=1G hugepagesz=1G hugepages=16"), M2));
  }
}
