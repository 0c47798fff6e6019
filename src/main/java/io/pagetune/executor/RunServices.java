package io.pagetune.executor;

/** Where a run's lasting effects go: restart intents, the change journal, and host leases. */
public record RunServices(RestartSink restarts, ChangeJournal journal, HostLeaser leases) {
  public static final RunServices NONE =
      new RunServices(RestartSink.REPORT_ONLY, ChangeJournal.NONE, HostLeaser.NONE);

  public RunServices(RestartSink restarts, ChangeJournal journal) {
    this(restarts, journal, HostLeaser.NONE);
  }

  public RunServices withLeases(HostLeaser leaser) {
    return new RunServices(restarts, journal, leaser);
  }
}
