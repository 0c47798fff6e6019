package io.pagetune.schedule.servicenow;

import io.pagetune.error.PagetuneException;

/** ServiceNow could not answer the question; the message never contains credentials. */
public class ServiceNowException extends PagetuneException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, so callers can tell "stop" from "try again later". */
  public enum Reason {
    AUTHENTICATION,
    NOT_FOUND,
    UNAVAILABLE,
    TIMEOUT,
    BAD_RESPONSE
  }

  private final Reason reason;

  public ServiceNowException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
