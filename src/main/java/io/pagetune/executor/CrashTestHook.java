package io.pagetune.executor;

/**
 * Makes the worst moment of a write reproducible for the crash tests: with the system property
 * {@value #HALT_AFTER_RENAME} set, the process dies (as by kill -9) right after a file was renamed
 * into place and before its journal row is confirmed.
 */
public final class CrashTestHook {
  public static final String HALT_AFTER_RENAME = "pagetune.crashtest.halt-after-rename";

  private CrashTestHook() {}

  public static void afterRename() {
    if (Boolean.getBoolean(HALT_AFTER_RENAME)) {
      Runtime.getRuntime().halt(137);
    }
  }
}
