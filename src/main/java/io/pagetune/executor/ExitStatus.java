package io.pagetune.executor;

import io.pagetune.report.HostCounts;
import io.pagetune.report.RunSummary;

/** The process exit codes (documented in the README), and how a run's summary maps to one. */
public enum ExitStatus {
  SUCCESS(0),
  INTERNAL_ERROR(1),
  HOST_FAILED(2),
  HOST_UNREACHABLE(3),
  INVALID_INPUT(4),
  CHANGES_PENDING(5),
  /** The control node failed: state database unreachable or corrupt, disk full, out of memory. */
  ENVIRONMENT_FAULT(6);

  private final int code;

  ExitStatus(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** Input errors first, then failures, then unreachable hosts, then pending changes. */
  public static ExitStatus of(RunSummary summary, boolean detailedCheck) {
    if (!summary.inputErrors().isEmpty()) {
      return INVALID_INPUT;
    }
    HostCounts t = summary.totals();
    if (t.failed() > 0 || summary.aborted()) {
      return HOST_FAILED;
    }
    if (t.unreachable() > 0) {
      return HOST_UNREACHABLE;
    }
    if (detailedCheck && summary.checkMode() && t.changed() > 0) {
      return CHANGES_PENDING;
    }
    return SUCCESS;
  }
}
