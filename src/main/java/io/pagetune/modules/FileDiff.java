package io.pagetune.modules;

/** Before/after text of one file a plan changes; rendered as a unified diff by reporters. */
public record FileDiff(String path, String before, String after) {
  public FileDiff {
    before = before == null ? "" : before;
    after = after == null ? "" : after;
  }
}
