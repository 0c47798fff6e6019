package io.pagetune.executor.play;

import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.Play;
import io.pagetune.report.RunListener;
import java.util.List;

/** {@code max_fail_percentage}: whether the failed hosts of a batch stop the play. */
final class MaxFailPercentage {
  private MaxFailPercentage() {}

  /** True, with a warning, when more than the play's share of the batch has failed. */
  static boolean exceeded(Play play, List<HostRun> batch, RunListener listener) {
    if (play.maxFailPercentage() == null) {
      return false;
    }
    int failed = 0;
    for (HostRun h : batch) {
      // a host end_host ended is not active, and not failed
      if ((h.failed() || h.unreachable()) && !h.rescuable()) {
        failed++;
      }
    }
    if (failed * 100.0 / batch.size() <= play.maxFailPercentage()) {
      return false;
    }
    listener.warning(
        "max_fail_percentage "
            + play.maxFailPercentage()
            + "% exceeded ("
            + failed
            + " of "
            + batch.size()
            + " hosts failed); stopping the play");
    return true;
  }
}
