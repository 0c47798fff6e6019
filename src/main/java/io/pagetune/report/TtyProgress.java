package io.pagetune.report;

import java.io.PrintStream;
import java.util.List;

/**
 * On a terminal: one status line at the bottom (hosts done with the current task, failed,
 * unreachable), erased before every event the wrapped reporter prints and drawn again after it, so
 * it never mixes with the output lines.
 */
public final class TtyProgress implements RunListener {
  private static final String CLEAR = "\r\u001b[2K";
  private final RunListener inner;
  private final PrintStream terminal;
  private final ProgressTracker tracker;
  private boolean drawn;

  public TtyProgress(RunListener inner, PrintStream terminal) {
    this(inner, terminal, java.time.Clock.systemUTC());
  }

  /**
   * @param clock the real clock: elapsed time and estimates are about the run as it happens
   */
  public TtyProgress(RunListener inner, PrintStream terminal, java.time.Clock clock) {
    this.inner = inner;
    this.terminal = terminal;
    this.tracker = new ProgressTracker(clock);
  }

  private void clear() {
    if (drawn) {
      terminal.print(CLEAR);
      terminal.flush();
      drawn = false;
    }
  }

  private void draw() {
    terminal.print(CLEAR + tracker.line());
    terminal.flush();
    drawn = true;
  }

  @Override
  public void runStarted(String playbook, boolean checkMode) {
    inner.runStarted(playbook, checkMode);
  }

  @Override
  public void playStarted(String play, List<String> hosts) {
    clear();
    tracker.play(hosts);
    inner.playStarted(play, hosts);
    draw();
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    clear();
    tracker.task(task);
    inner.taskStarted(task, location, handler);
    draw();
  }

  @Override
  public void hostResult(TaskOutcome outcome) {
    clear();
    tracker.result(outcome);
    inner.hostResult(outcome);
    draw();
  }

  @Override
  public void warning(String message) {
    clear();
    inner.warning(message);
    draw();
  }

  @Override
  public void playFinished(String play) {
    clear();
    inner.playFinished(play);
  }

  @Override
  public void runFinished(RunSummary summary, int exitCode) {
    clear();
    inner.runFinished(summary, exitCode);
  }
}
