package io.pagetune.report.html;

import io.pagetune.report.RunListener;
import io.pagetune.report.RunSummary;
import io.pagetune.report.TaskOutcome;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds the fleet report's model from a run's events. Anything that has events (a run, an apply of
 * a saved plan, a plan shown again) feeds them here and asks for {@link #report()}.
 */
public final class FleetReportCollector implements RunListener {
  private final Clock clock;
  private final Function<String, List<String>> groupsOf;
  private final Map<String, HostEvents> hosts = new LinkedHashMap<>();
  private String title = "pagetune run";
  private String runId = "";
  private boolean checkMode;
  private Function<String, Optional<String>> benefitOf = host -> Optional.empty();

  /**
   * @param groupsOf the inventory groups of a host (for filtering); hosts the inventory does not
   *     know get none
   */
  public FleetReportCollector(Clock clock, Function<String, List<String>> groupsOf) {
    this.clock = clock;
    this.groupsOf = groupsOf;
  }

  /** Where the report finds a host's latest restart benefit probe (the state store). */
  public void benefits(Function<String, Optional<String>> latestOf) {
    this.benefitOf = latestOf;
  }

  @Override
  public void runStarted(String playbook, boolean checkMode) {
    this.title = playbook;
    this.checkMode = checkMode;
  }

  @Override
  public void playStarted(String play, List<String> hostNames) {
    hostNames.forEach(h -> hosts.computeIfAbsent(h, HostEvents::new));
  }

  @Override
  public void hostResult(TaskOutcome outcome) {
    hosts.computeIfAbsent(outcome.host(), HostEvents::new).add(outcome);
  }

  @Override
  public void runFinished(RunSummary summary, int exitCode) {
    runId = summary.runId() == null ? "" : summary.runId();
    summary.hosts().keySet().forEach(h -> hosts.computeIfAbsent(h, HostEvents::new));
  }

  /** The report of what was seen so far. */
  public FleetReport report() {
    return new FleetReport(
        title,
        runId,
        checkMode,
        clock.instant(),
        hosts.entrySet().stream()
            .map(
                e ->
                    e.getValue()
                        .report(groupsOf.apply(e.getKey()))
                        .withBenefit(benefitOf.apply(e.getKey())))
            .toList());
  }
}
