package io.pagetune.targets.sap;

import io.pagetune.error.PagetuneException;

/** A sapstartsrv web method call that failed: a SOAP fault, HTTP error, timeout or bad XML. */
class SapControlSoapException extends PagetuneException {
  private static final long serialVersionUID = 1L;
  private final boolean transientFailure;

  public SapControlSoapException(String message, boolean transientFailure) {
    super(message);
    this.transientFailure = transientFailure;
  }

  /** True when trying again later may work (connection refused, 5xx without a fault). */
  public boolean transientFailure() {
    return transientFailure;
  }
}
