package io.pagetune.executor;

/**
 * Where a run's lasting effects go: restart intents, the change journal, host leases, and the plan
 * a check run saves, and the page facts each host showed.
 */
public record RunServices(
    RestartSink restarts,
    ChangeJournal journal,
    HostLeaser leases,
    PlanRecorder plans,
    FactsRecorder facts) {
  public static final RunServices NONE =
      new RunServices(RestartSink.REPORT_ONLY, ChangeJournal.NONE, HostLeaser.NONE);

  public RunServices(
      RestartSink restarts, ChangeJournal journal, HostLeaser leases, PlanRecorder plans) {
    this(restarts, journal, leases, plans, FactsRecorder.NONE);
  }

  public RunServices(RestartSink restarts, ChangeJournal journal) {
    this(restarts, journal, HostLeaser.NONE);
  }

  public RunServices(RestartSink restarts, ChangeJournal journal, HostLeaser leases) {
    this(restarts, journal, leases, PlanRecorder.NONE);
  }

  public RunServices withLeases(HostLeaser leaser) {
    return new RunServices(restarts, journal, leaser, plans, facts);
  }

  public RunServices withPlans(PlanRecorder recorder) {
    return new RunServices(restarts, journal, leases, recorder, facts);
  }

  public RunServices withJournal(ChangeJournal other) {
    return new RunServices(restarts, other, leases, plans, facts);
  }

  public RunServices withFacts(FactsRecorder recorder) {
    return new RunServices(restarts, journal, leases, plans, recorder);
  }
}
