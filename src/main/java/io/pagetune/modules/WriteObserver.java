package io.pagetune.modules;

/**
 * Told about every file a {@link StepRunner} writes or removes, before it reaches the host and once
 * it has: the write-ahead journal behind rollback listens here.
 */
@FunctionalInterface
public interface WriteObserver {
  /** Called before {@code write} reaches the host; the result is told once it has. */
  Landing intending(FileWrite write);

  /** One write on its way to the host. */
  @FunctionalInterface
  interface Landing {
    /** The file is in place (renamed, or removed). */
    void landed();
  }

  WriteObserver NONE = write -> () -> {};
}
