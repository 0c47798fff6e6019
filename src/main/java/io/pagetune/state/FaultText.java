package io.pagetune.state;

/**
 * One line for a database failure: the first line of the message (Flyway's spans several) and, when
 * it says more, the root cause's ("Connection refused", "database or disk is full").
 */
final class FaultText {
  private FaultText() {}

  static String of(Throwable e) {
    String top = firstLine(e.getMessage());
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String cause = firstLine(root.getMessage());
    if (root == e || cause.isEmpty() || top.contains(cause)) {
      return top.isEmpty() ? e.getClass().getSimpleName() : top;
    }
    return (top.isEmpty() ? e.getClass().getSimpleName() : top) + " (" + cause + ")";
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    String s = message.strip();
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl).strip();
  }
}
