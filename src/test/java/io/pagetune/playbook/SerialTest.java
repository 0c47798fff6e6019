package io.pagetune.playbook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SerialTest {
  private static final List<Integer> TEN = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);

  @Test
  void numberPercentAndListsWithTheLastSizeRepeating() {
    assertEquals(List.of(TEN), Serial.ALL.batches(TEN));
    assertEquals(
        List.of(List.of(1, 2, 3), List.of(4, 5, 6), List.of(7, 8, 9), List.of(10)),
        new Serial(List.of("3")).batches(TEN));
    assertEquals(
        List.of(List.of(1, 2, 3), List.of(4, 5, 6), List.of(7, 8, 9), List.of(10)),
        new Serial(List.of("30%")).batches(TEN));
    assertEquals(
        List.of(List.of(1), List.of(2, 3, 4, 5, 6), List.of(7, 8, 9, 10)),
        new Serial(List.of("1", "50%")).batches(TEN));
    // a percentage below one host still makes progress
    assertEquals(10, new Serial(List.of("1%")).batches(TEN).size());
  }
}
