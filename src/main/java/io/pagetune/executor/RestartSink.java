package io.pagetune.executor;

import io.pagetune.modules.Step;
import io.pagetune.report.RestartRan;
import java.util.List;
import java.util.Map;

/**
 * Where the restarts that changes need go. Apply mode persists them at the moment the change is
 * applied (a later failure never loses one); check mode only describes what would happen.
 */
public interface RestartSink {
  /** The line the reports show, e.g. "queued: SAP system PRD in window sap-prd-sunday at …". */
  String requested(Request request);

  /**
   * Called once after the last play: restarts whose window is open may run now.
   *
   * @return the restarts that ran, in the order they ran
   */
  default List<RestartRan> runFinished(String runId) {
    return List.of();
  }

  /** One restart a task asked for. */
  record Request(
      String runId,
      String host,
      Map<String, Object> hostVars,
      String task,
      Step.RequestRestart restart,
      boolean check) {}

  /** No store: the restart is only reported as pending. */
  RestartSink REPORT_ONLY =
      r ->
          r.restart().target().describe()
              + " ("
              + r.restart().reason()
              + ")"
              + (r.check() ? "" : "; no state store, restart it yourself");
}
