package io.pagetune.error;

/** The one unchecked exception base; each layer throws a subclass that carries its context. */
public class PagetuneException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PagetuneException(String message) {
    super(message);
  }

  public PagetuneException(String message, Throwable cause) {
    super(message, cause);
  }
}
