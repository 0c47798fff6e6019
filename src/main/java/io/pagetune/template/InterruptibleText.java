package io.pagetune.template;

/**
 * The subject of a regular expression, as a sequence that notices the watchdog's interrupt: a
 * pattern that backtracks catastrophically on what a host printed stops at the time limit instead
 * of holding the host's thread (java.util.regex itself never looks at interrupts).
 */
final class InterruptibleText implements CharSequence {
  private final CharSequence text;

  InterruptibleText(CharSequence text) {
    this.text = text;
  }

  /** Thrown out of a regex search that the watchdog interrupted. */
  static final class Interrupted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Interrupted() {
      super("regular expression interrupted", null, false, false);
    }
  }

  @Override
  public char charAt(int index) {
    if (Thread.currentThread().isInterrupted()) {
      throw new Interrupted();
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new InterruptibleText(text.subSequence(start, end));
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
