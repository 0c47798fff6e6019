package io.pagetune.connection;

import io.pagetune.error.PagetuneException;

/** The host could not be reached or the connection broke: the host becomes UNREACHABLE. */
public class ConnectionException extends PagetuneException {
  private static final long serialVersionUID = 1L;

  public ConnectionException(String message) {
    super(message);
  }

  public ConnectionException(String message, Throwable cause) {
    super(message, cause);
  }
}
