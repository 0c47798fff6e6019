package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HugePagePoolTest {
  private static final long MB2 = 2L << 20;
  private static final long GB1 = 1L << 30;
  private static final long RAM_64G = 64L << 30;
  private static final HugePagePool.Live EMPTY = new HugePagePool.Live(0, 0, 0);

  /** Two Oracle instances, a PostgreSQL cluster and a declared consumer on one host. */
  private static List<HugePageConsumer> mixedHost() {
    return List.of(
        new HugePageConsumer("oracle/ORCL", 12L << 30, "declared SGA"),
        new HugePageConsumer("oracle/HR", (3L << 30) + 1, "declared SGA"),
        new HugePageConsumer("postgres/15/main", 1583L * MB2, "postgres -C"),
        new HugePageConsumer("jvm-cache", 500L << 20, "declared"));
  }

  @Test
  void sumsEveryConsumerInWholePagesOf2M() {
    HugePagePool.Sized s =
        assertInstanceOf(
            HugePagePool.Sized.class, new HugePagePool(0.7).size(mixedHost(), MB2, RAM_64G, EMPTY));
    // 6144 + 1537 (one byte over 3 GiB takes a whole page) + 1583 + 250
    assertEquals(6144 + 1537 + 1583 + 250, s.pages());
    assertEquals(
        List.of(
            "oracle/ORCL: 6144 x 2M (12884901888 bytes, declared SGA)",
            "oracle/HR: 1537 x 2M (3221225473 bytes, declared SGA)",
            "postgres/15/main: 1583 x 2M (3319791616 bytes, postgres -C)",
            "jvm-cache: 250 x 2M (524288000 bytes, declared)"),
        s.breakdown());
  }

  @Test
  void roundsEachConsumerUpToWhole1GPages() {
    HugePagePool.Sized s =
        assertInstanceOf(
            HugePagePool.Sized.class, new HugePagePool(0.7).size(mixedHost(), GB1, RAM_64G, EMPTY));
    // 12 + 4 + ceil(3.09) = 4 + ceil(0.49) = 1: per consumer, never pooled fractions
    assertEquals(12 + 4 + 4 + 1, s.pages());
    assertEquals(GB1, s.pageBytes());
  }

  @Test
  void refusesAPoolAboveTheCapNamingEveryConsumer() {
    HugePagePool.Refused r =
        assertInstanceOf(
            HugePagePool.Refused.class,
            new HugePagePool(0.7).size(mixedHost(), MB2, 24L << 30, EMPTY));
    assertTrue(
        r.reason()
            .startsWith(
                "9514 huge pages of 2M (18.58 GiB) would take 77.4% of RAM (24.00 GiB), above the 70% cap"),
        r.reason());
    assertTrue(r.reason().contains("postgres/15/main: 1583 x 2M"), r.reason());
    // the same consumers fit a bigger cap
    assertInstanceOf(
        HugePagePool.Sized.class, new HugePagePool(0.8).size(mixedHost(), MB2, 24L << 30, EMPTY));
  }

  @Test
  void refusesToShrinkBelowThePagesInUse() {
    List<HugePageConsumer> one =
        List.of(new HugePageConsumer("postgres/15/main", 1000L * MB2, "x"));
    // 1583 allocated, 100 free of which 20 reserved by a mapping not yet touched: 1503 in use
    HugePagePool.Live live = new HugePagePool.Live(1583, 100, 20);
    assertEquals(1503, live.inUse());
    HugePagePool.Refused r =
        assertInstanceOf(
            HugePagePool.Refused.class, new HugePagePool(0.7).size(one, MB2, RAM_64G, live));
    assertTrue(
        r.reason().startsWith("the pool would shrink to 1000 pages of 2M while 1503 are in use"),
        r.reason());
    // shrinking the unused part of a pool is fine
    HugePagePool.Live idle = new HugePagePool.Live(1583, 1583, 0);
    assertEquals(
        1000,
        assertInstanceOf(
                HugePagePool.Sized.class, new HugePagePool(0.7).size(one, MB2, RAM_64G, idle))
            .pages());
  }

  @Test
  void refusesPageSizesOtherThan2MAnd1GAndAnEmptyPool() {
    assertInstanceOf(
        HugePagePool.Refused.class,
        new HugePagePool(0.7).size(mixedHost(), 16L << 20, RAM_64G, EMPTY));
    assertInstanceOf(
        HugePagePool.Refused.class, new HugePagePool(0.7).size(List.of(), MB2, RAM_64G, EMPTY));
    assertThrows(IllegalArgumentException.class, () -> new HugePagePool(0));
    assertThrows(IllegalArgumentException.class, () -> new HugePageConsumer("x", 0, "declared"));
  }
}
