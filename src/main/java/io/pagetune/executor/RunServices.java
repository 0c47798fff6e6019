package io.pagetune.executor;

/** Where a run's lasting effects go: restart intents and the change journal. */
public record RunServices(RestartSink restarts, ChangeJournal journal) {
  public static final RunServices NONE =
      new RunServices(RestartSink.REPORT_ONLY, ChangeJournal.NONE);
}
