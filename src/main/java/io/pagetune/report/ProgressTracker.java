package io.pagetune.report;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Counts for the progress display: the current task, hosts done with it, failed, unreachable, the
 * time since the run started and an estimate of what the current task still needs (from the pace of
 * the hosts done with it so far).
 */
final class ProgressTracker {
  private final Clock clock;
  private final Instant started;
  private Instant taskStarted;
  private Instant playStarted;
  private int playHosts;
  private String task = "";
  private final Set<String> doneWithTask = new LinkedHashSet<>();
  private final Set<String> failed = new LinkedHashSet<>();
  private final Set<String> unreachable = new LinkedHashSet<>();

  ProgressTracker(Clock clock) {
    this.clock = clock;
    this.started = clock.instant();
    this.taskStarted = started;
  }

  void play(List<String> hosts) {
    playStarted = clock.instant();
    playHosts = hosts.size();
    task = "";
    doneWithTask.clear();
  }

  /** Returns the previous task's name when a new one starts. */
  String task(String name) {
    String previous = task;
    task = name;
    taskStarted = clock.instant();
    doneWithTask.clear();
    return previous;
  }

  void result(TaskOutcome o) {
    if (o.item() != null) {
      return;
    }
    count(o.host(), o.status(), o.ignored());
  }

  private void count(String host, Status status, boolean ignored) {
    doneWithTask.add(host);
    if (status == Status.UNREACHABLE && !ignored) {
      unreachable.add(host);
    } else if (status == Status.FAILED && !ignored) {
      failed.add(host);
    }
  }

  /** A host-pinned play's host is done with the whole play: the play counts as one task. */
  void hostDoneWithPlay(String host, Status outcome) {
    if (!task.equals(WHOLE_PLAY)) {
      task(WHOLE_PLAY);
      taskStarted = playStarted != null ? playStarted : started; // the estimate is the play's pace
    }
    count(host, outcome, false);
  }

  static final String WHOLE_PLAY = "the whole play, host by host";

  int doneCount() {
    return doneWithTask.size();
  }

  int playHosts() {
    return playHosts;
  }

  String task() {
    return task;
  }

  String line() {
    Instant now = clock.instant();
    return String.format(
        "[%d/%d hosts] %s | failed %d, unreachable %d | %s elapsed%s",
        doneWithTask.size(),
        playHosts,
        task.isEmpty() ? "starting" : task,
        failed.size(),
        unreachable.size(),
        clockTime(Duration.between(started, now)),
        estimate(now));
  }

  /** "~0:18 left" for the current task, once a host is done with it and others are not. */
  private String estimate(Instant now) {
    int done = doneWithTask.size();
    if (done == 0 || done >= playHosts || task.isEmpty()) {
      return "";
    }
    Duration spent = Duration.between(taskStarted, now);
    Duration left = spent.multipliedBy(playHosts - done).dividedBy(done);
    return ", ~" + clockTime(left) + " left in this task";
  }

  /** m:ss, or h:mm:ss past an hour. */
  static String clockTime(Duration d) {
    long s = Math.max(0, d.toSeconds());
    return s >= 3600
        ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format("%d:%02d", s / 60, s % 60);
  }
}
