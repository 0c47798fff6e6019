package io.pagetune.report;

import java.io.PrintStream;
import java.util.List;

/**
 * On a terminal: one status line at the bottom (hosts done with the current task, failed,
 * unreachable, elapsed time and an estimate), erased before every event the wrapped reporter prints
 * and drawn again after it, so it never mixes with the output lines. A ticker redraws it every
 * second, so the elapsed time moves while a long task runs.
 */
public final class TtyProgress implements RunListener {
  private static final String CLEAR = "\r\u001b[2K";
  private final RunListener inner;
  private final PrintStream terminal;
  private final ProgressTracker tracker;
  private boolean drawn;
  private java.util.concurrent.ScheduledExecutorService ticker;

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
      TerminalStream.control(terminal, CLEAR);
      terminal.flush();
      drawn = false;
    }
  }

  /** Redraws a line that is showing (none is between a play's end and the next). */
  private synchronized void tick() {
    if (drawn) {
      draw();
    }
  }

  private void draw() {
    TerminalStream.control(terminal, CLEAR);
    terminal.print(tracker.line());
    terminal.flush();
    drawn = true;
  }

  @Override
  public synchronized void runStarted(String playbook, boolean checkMode) {
    inner.runStarted(playbook, checkMode);
    ticker =
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "pagetune-progress");
              t.setDaemon(true);
              return t;
            });
    ticker.scheduleAtFixedRate(this::tick, 1, 1, java.util.concurrent.TimeUnit.SECONDS);
  }

  @Override
  public synchronized void playStarted(String play, List<String> hosts) {
    clear();
    tracker.play(hosts);
    inner.playStarted(play, hosts);
    draw();
  }

  @Override
  public synchronized void taskStarted(String task, String location, boolean handler) {
    clear();
    tracker.task(task);
    inner.taskStarted(task, location, handler);
    draw();
  }

  @Override
  public synchronized void hostResult(TaskOutcome outcome) {
    clear();
    tracker.result(outcome);
    inner.hostResult(outcome);
    draw();
  }

  @Override
  public synchronized void hostFinishedPlay(String host, Status outcome) {
    clear();
    tracker.hostDoneWithPlay(host, outcome);
    inner.hostFinishedPlay(host, outcome);
    draw();
  }

  @Override
  public synchronized void warning(String message) {
    clear();
    inner.warning(message);
    draw();
  }

  @Override
  public synchronized void playFinished(String play) {
    clear();
    inner.playFinished(play);
  }

  @Override
  public synchronized void runFinished(RunSummary summary, int exitCode) {
    if (ticker != null) {
      ticker.shutdownNow();
    }
    clear();
    inner.runFinished(summary, exitCode);
  }
}
