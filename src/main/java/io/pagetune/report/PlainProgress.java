package io.pagetune.report;

import java.io.PrintStream;
import java.util.List;

/**
 * Not on a terminal: a plain line per finished task ("progress: task 'x' done on 98/100 hosts,
 * failed 2, unreachable 0"), for logs of long fleet runs.
 */
public final class PlainProgress implements RunListener {
  private final PrintStream out;
  private final ProgressTracker tracker;

  public PlainProgress(PrintStream out) {
    this(out, java.time.Clock.systemUTC());
  }

  /**
   * @param clock the real clock: elapsed time is about the run as it happens
   */
  public PlainProgress(PrintStream out, java.time.Clock clock) {
    this.out = out;
    this.tracker = new ProgressTracker(clock);
  }

  private void finishTask() {
    if (!tracker.task().isEmpty()) {
      out.println("progress: " + tracker.line());
    }
  }

  @Override
  public void playStarted(String play, List<String> hosts) {
    tracker.play(hosts);
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    finishTask();
    tracker.task(task);
  }

  @Override
  public void hostResult(TaskOutcome outcome) {
    tracker.result(outcome);
  }

  /** A host-pinned play: a line at every tenth of its hosts, as they finish the whole play. */
  @Override
  public void hostFinishedPlay(String host, Status outcome) {
    int before = tracker.doneCount();
    tracker.hostDoneWithPlay(host, outcome);
    int total = tracker.playHosts();
    if (total > 0 && before * 10 / total != tracker.doneCount() * 10 / total) {
      out.println("progress: " + tracker.line());
    }
  }

  @Override
  public void playFinished(String play) {
    finishTask();
    tracker.task("");
  }
}
