package io.pagetune.connection;

/**
 * A command printed, or a file read returned, more than the host's {@link OutputLimit}: the host
 * fails this task (exit 2), the connection stays usable and the other hosts go on.
 */
public final class OutputLimitExceeded extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OutputLimitExceeded(String message) {
    super(message);
  }
}
