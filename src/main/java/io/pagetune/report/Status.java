package io.pagetune.report;

/** The outcome of one task on one host, as the recap counts it. */
public enum Status {
  OK,
  CHANGED,
  SKIPPED,
  FAILED,
  UNREACHABLE;

  public String word() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
