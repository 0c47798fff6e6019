package io.pagetune.template;

import freemarker.core.ArithmeticEngine;

/**
 * FreeMarker's decimal arithmetic, plus a look at the watchdog's interrupt on every operation.
 * FreeMarker checks interrupts only between directives, never inside a built-in, so {@code
 * (1..2000000000)?filter(i -> i % 7 == 0)} or {@code ?seq_contains}, {@code ?min}, {@code ?sort} of
 * numbers would run on for minutes past the limit. Every numeric comparison and every arithmetic
 * step of a lambda goes through here, so such a built-in stops at its next element.
 */
final class WatchedArithmeticEngine extends ArithmeticEngine.BigDecimalEngine {
  /** Thrown into FreeMarker, which wraps it with the expression's line and column. */
  static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped() {
      super("template evaluation interrupted at its time limit", null, false, false);
    }
  }

  static void checkpoint() {
    if (Thread.currentThread().isInterrupted()) {
      throw new Stopped();
    }
  }

  @Override
  public int compareNumbers(Number first, Number second) {
    checkpoint();
    return super.compareNumbers(first, second);
  }

  @Override
  public Number add(Number first, Number second) {
    checkpoint();
    return super.add(first, second);
  }

  @Override
  public Number subtract(Number first, Number second) {
    checkpoint();
    return super.subtract(first, second);
  }

  @Override
  public Number multiply(Number first, Number second) {
    checkpoint();
    return super.multiply(first, second);
  }

  @Override
  public Number divide(Number first, Number second) {
    checkpoint();
    return super.divide(first, second);
  }

  @Override
  public Number modulus(Number first, Number second) {
    checkpoint();
    return super.modulus(first, second);
  }
}
