package io.pagetune.report;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code -v}: after the recap, the slowest tasks with their wall time, as Ansible's profile_tasks
 * callback prints them. A task runs from its start until the next task (or handler) starts or its
 * play ends; a task that runs in several plays is listed once per play.
 */
public final class TaskTimes implements RunListener {
  static final int SHOWN = 20;
  private static final int WIDTH = 80;

  private record Timed(String name, String location, Duration time) {}

  private final PrintStream out;
  private final Clock clock;
  private final List<Timed> done = new ArrayList<>();
  private String task;
  private String location;
  private Instant started;
  private Duration replayed; // the current task's real time, when its events are replayed
  private Instant runStarted;

  /**
   * @param clock the real clock
   */
  public TaskTimes(PrintStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  @Override
  public void runStarted(String playbook, boolean checkMode) {
    runStarted = clock.instant();
  }

  @Override
  public void taskStarted(String name, String where, boolean handler) {
    finish();
    task = name;
    location = where;
    started = clock.instant();
  }

  @Override
  public void taskTimed(TaskTiming timing) {
    replayed = timing.wall();
  }

  @Override
  public void playFinished(String play) {
    finish();
  }

  private void finish() {
    if (task != null) {
      Duration time = replayed != null ? replayed : Duration.between(started, clock.instant());
      done.add(new Timed(task, location, time));
      task = null;
      replayed = null;
    }
  }

  @Override
  public void runFinished(RunSummary summary, int exitCode) {
    finish();
    if (done.isEmpty()) {
      return;
    }
    Instant now = clock.instant();
    out.println();
    String head =
        "TASK DURATIONS (total "
            + seconds(Duration.between(runStarted == null ? now : runStarted, now))
            + ") ";
    out.println(head + "*".repeat(Math.max(3, WIDTH - head.length())));
    done.stream()
        .sorted(Comparator.comparing(Timed::time).reversed())
        .limit(SHOWN)
        .forEach(
            t -> {
              String time = seconds(t.time());
              String name = t.name() + (t.location() == null ? "" : " (" + t.location() + ")");
              int dashes = Math.max(3, WIDTH - name.length() - time.length() - 2);
              out.println(name + " " + "-".repeat(dashes) + " " + time);
            });
  }

  private static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.2fs", d.toNanos() / 1e9);
  }
}
