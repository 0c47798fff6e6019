package io.pagetune.state;

import io.pagetune.error.PagetuneException;

/** The state store could not be opened, migrated, read or written. */
public class StateException extends PagetuneException {
  private static final long serialVersionUID = 1L;

  public StateException(String message) {
    super(message);
  }

  public StateException(String message, Throwable cause) {
    super(message, cause);
  }
}
