package io.pagetune.executor.task;

/** pagetune's own version, from the jar manifest ("dev" when run from classes). */
final class PagetuneVersion {
  private PagetuneVersion() {}

  static String current() {
    String v = PagetuneVersion.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
