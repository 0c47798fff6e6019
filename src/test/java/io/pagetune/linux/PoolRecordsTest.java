package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PoolRecordsTest {
  private static final long M2 = 2L << 20;
  private static final long G1 = 1L << 30;

  @Test
  void aRecordCountsOnlyInThePoolOfTheSizeItNames() {
    String text =
        "# pagetune-pool-consumer: oracle/ORCL\t12893290496\t\tdeclared SGA\t1G\n"
            + "# pagetune-pool-consumer: postgres/15/main\t3319791616\t\tpostgres -C\t2M\n"
            + "vm.nr_hugepages = 13\n";
    assertEquals(
        List.of(new HugePageConsumer("oracle/ORCL", 12893290496L, "declared SGA")),
        PoolRecords.parse(text, G1, () -> M2));
    assertEquals(
        List.of(new HugePageConsumer("postgres/15/main", 3319791616L, "postgres -C")),
        PoolRecords.parse(text, M2, () -> M2));
  }

  @Test
  void aRecordWithoutItsSizeMeansTheDefaultSizeOfTheBootThatWroteIt() {
    String old = "# pagetune-pool-consumer: cache\t1048576\t\tdeclared\nvm.nr_hugepages = 1\n";
    assertEquals(
        List.of(new HugePageConsumer("cache", 1048576, "declared")),
        PoolRecords.parse(old, M2, () -> M2));
    // the same line read by the 1G pool after the default moved: it was a 2M consumer
    assertEquals(List.of(), PoolRecords.parse(old, G1, () -> M2));
  }

  @Test
  void writingTheFileNamesThePageSizeAndDropsOtherSizesRecords() {
    String before =
        "# header\n# pagetune-pool-consumer: postgres/15/main\t3319791616\t\tpostgres -C\t2M\n"
            + "vm.nr_hugepages = 13\n";
    assertEquals(
        "# header\n# pagetune-pool-consumer: oracle/ORCL\t12893290496\t\tdeclared SGA\t1G\n"
            + "vm.nr_hugepages = 13\n",
        PoolRecords.put(
            before,
            List.of(new HugePageConsumer("oracle/ORCL", 12893290496L, "declared SGA")),
            G1));
  }
}
