package io.pagetune.report;

/** Placeholder until the real implementation lands from the modules branch. */
public final class UnifiedDiff {
  private UnifiedDiff() {}

  public static String of(String path, String before, String after, int context) {
    if (before.equals(after)) {
      return "";
    }
    return "--- before: " + path + "\n+++ after: " + path + "\n";
  }
}
