package io.pagetune.report;

import java.util.List;

/** Fans one event out to several listeners, one event at a time (the lock serialises threads). */
public final class Listeners implements RunListener {
  private final List<RunListener> all;

  public Listeners(List<RunListener> all) {
    this.all = List.copyOf(all);
  }

  @Override
  public synchronized void runStarted(String playbook, boolean checkMode) {
    all.forEach(l -> l.runStarted(playbook, checkMode));
  }

  @Override
  public synchronized void playStarted(String play, List<String> hosts) {
    all.forEach(l -> l.playStarted(play, hosts));
  }

  @Override
  public synchronized void taskStarted(String task, String location, boolean handler) {
    all.forEach(l -> l.taskStarted(task, location, handler));
  }

  @Override
  public synchronized void taskTimed(TaskTiming timing) {
    all.forEach(l -> l.taskTimed(timing));
  }

  @Override
  public synchronized void hostResult(TaskOutcome outcome) {
    all.forEach(l -> l.hostResult(outcome));
  }

  @Override
  public synchronized void warning(String message) {
    all.forEach(l -> l.warning(message));
  }

  @Override
  public synchronized void hostFinishedPlay(String host, Status outcome) {
    all.forEach(l -> l.hostFinishedPlay(host, outcome));
  }

  @Override
  public synchronized void playFinished(String play) {
    all.forEach(l -> l.playFinished(play));
  }

  @Override
  public synchronized void restartRan(RestartRan restart) {
    all.forEach(l -> l.restartRan(restart));
  }

  @Override
  public synchronized void runFinished(RunSummary summary, int exitCode) {
    all.forEach(l -> l.runFinished(summary, exitCode));
  }
}
