package io.pagetune.state;

import io.pagetune.error.EnvironmentException;

/**
 * The state store could not be opened, migrated, read or written: an environment fault of the
 * control node (exit 6), never the user's input.
 */
public class StateException extends EnvironmentException {
  private static final long serialVersionUID = 1L;

  public StateException(String message) {
    super(message);
  }

  public StateException(String message, Throwable cause) {
    super(message, cause);
  }
}
