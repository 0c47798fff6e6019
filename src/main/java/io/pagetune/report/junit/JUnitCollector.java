package io.pagetune.report.junit;

import io.pagetune.report.RunListener;
import io.pagetune.report.TaskOutcome;
import io.pagetune.report.TaskTiming;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Gathers a run's results as JUnit test cases (one per host and task; loop items fold into their
 * task's summary). A case's time runs from its task's start to the host's result.
 */
public final class JUnitCollector implements RunListener {
  private final Clock clock;
  private final List<JUnitCase> cases = new ArrayList<>();
  private Instant taskStarted;
  private TaskTiming replayed; // the current task's real times, when its events are replayed
  private Instant runStarted;
  private String name = "pagetune";

  public JUnitCollector(Clock clock) {
    this.clock = clock;
  }

  @Override
  public void runStarted(String playbook, boolean checkMode) {
    name = playbook;
    runStarted = clock.instant();
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    taskStarted = clock.instant();
    replayed = null;
  }

  @Override
  public void taskTimed(TaskTiming timing) {
    replayed = timing;
  }

  @Override
  public void hostResult(TaskOutcome o) {
    if (o.item() != null) {
      return;
    }
    Instant now = clock.instant();
    Duration time =
        replayed != null && replayed.hosts().containsKey(o.host())
            ? replayed.hosts().get(o.host())
            : taskStarted == null ? Duration.ZERO : Duration.between(taskStarted, now);
    cases.add(
        new JUnitCase(
            o.host(),
            o.play(),
            o.task(),
            o.location(),
            o.status(),
            o.ignored(),
            o.checkMode(),
            o.message(),
            o.diffs(),
            o.restarts(),
            time.isNegative() ? Duration.ZERO : time));
  }

  /** The test cases seen so far, in result order. */
  public List<JUnitCase> cases() {
    return List.copyOf(cases);
  }

  /** The suites' name: the playbook. */
  public String name() {
    return name;
  }

  /** When the run started (now, if it has not). */
  public Instant started() {
    return runStarted == null ? clock.instant() : runStarted;
  }
}
