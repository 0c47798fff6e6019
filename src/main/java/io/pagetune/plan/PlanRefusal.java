package io.pagetune.plan;

import io.pagetune.error.PagetuneException;

/**
 * A write an apply may not make because the host is no longer what the plan was made from (or the
 * write is not the plan's): the host is refused, the others go on.
 */
public final class PlanRefusal extends PagetuneException {
  private static final long serialVersionUID = 1L;

  private final String host;

  public PlanRefusal(String host, String message) {
    super(message);
    this.host = host;
  }

  public String host() {
    return host;
  }
}
