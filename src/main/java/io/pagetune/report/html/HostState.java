package io.pagetune.report.html;

import java.util.Locale;

/**
 * Where a host stands after a run, worst first: the fleet summary counts hosts by it and the report
 * filters by it.
 */
public enum HostState {
  UNREACHABLE("unreachable"),
  REFUSED("refused"),
  /** A run died while writing to the host: its unconfirmed writes are settled by a later one. */
  INTERRUPTED("interrupted"),
  WOULD_CHANGE("would change"),
  RESTART_PENDING("restart pending"),
  PERSISTED("persisted"),
  EFFECTIVE("effective");

  private final String label;

  HostState(String label) {
    this.label = label;
  }

  /** The words shown to people. */
  public String label() {
    return label;
  }

  /** A CSS-safe id fragment and the JSON value, e.g. {@code restart-pending}. */
  public String slug() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
