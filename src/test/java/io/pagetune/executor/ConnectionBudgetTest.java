package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConnectionBudgetTest {
  private static final long MB = 1024 * 1024;

  @Test
  void theDefaultFollowsTheHeapTheLauncherGives() {
    assertEquals(32, ConnectionBudget.fromHeap(512 * MB).hosts(), "the launcher's heap");
    assertEquals(544, ConnectionBudget.fromHeap(1024 * MB).hosts());
    assertEquals(8, ConnectionBudget.fromHeap(256 * MB).hosts(), "never below 8");
    assertEquals(8, ConnectionBudget.fromHeap(64 * MB).hosts());
    assertEquals(8, ConnectionBudget.fromHeap(0).hosts());
  }

  @Test
  void aPlayExceedsItOnlyWithMoreHostsThanItAllows() {
    ConnectionBudget b = new ConnectionBudget(2);
    assertFalse(b.exceededBy(2));
    assertTrue(b.exceededBy(3));
    assertThrows(IllegalArgumentException.class, () -> new ConnectionBudget(0));
  }
}
