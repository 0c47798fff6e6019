package io.pagetune.executor;

/**
 * Where a run's lasting effects go: restart intents, the change journal, host leases, and the plan
 * a check run saves.
 */
public record RunServices(
    RestartSink restarts, ChangeJournal journal, HostLeaser leases, PlanRecorder plans) {
  public static final RunServices NONE =
      new RunServices(RestartSink.REPORT_ONLY, ChangeJournal.NONE, HostLeaser.NONE);

  public RunServices(RestartSink restarts, ChangeJournal journal) {
    this(restarts, journal, HostLeaser.NONE);
  }

  public RunServices(RestartSink restarts, ChangeJournal journal, HostLeaser leases) {
    this(restarts, journal, leases, PlanRecorder.NONE);
  }

  public RunServices withLeases(HostLeaser leaser) {
    return new RunServices(restarts, journal, leaser, plans);
  }

  public RunServices withPlans(PlanRecorder recorder) {
    return new RunServices(restarts, journal, leases, recorder);
  }

  public RunServices withJournal(ChangeJournal other) {
    return new RunServices(restarts, other, leases, plans);
  }
}
