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
    // messages name the instance URL, which may carry user:password@
    super(io.pagetune.error.CredentialMask.mask(message));
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
