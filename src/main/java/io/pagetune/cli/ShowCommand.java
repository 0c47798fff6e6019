package io.pagetune.cli;

import io.pagetune.plan.PlanEvents;
import io.pagetune.plan.PlanReader;
import io.pagetune.plan.PlanText;
import io.pagetune.plan.PlanWriter;
import io.pagetune.plan.SavedPlan;
import io.pagetune.report.Listeners;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pagetune show PLAN}: a saved plan as {@code --check --diff} shows it, or whole as JSON.
 */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description =
        "Print a saved plan (made with run --check --save-plan) after checking its digest.",
    footer = {
      "",
      "Examples:",
      "  pagetune show chg0040007.plan",
      "  pagetune show chg0040007.plan --output json | jq '.hosts[].host'",
      "  pagetune show chg0040007.plan --report chg0040007.html"
    })
public final class ShowCommand implements Callable<Integer> {
  private final CliEnvironment environment;

  @Parameters(paramLabel = "PLAN", description = "The plan file.")
  Path plan;

  @picocli.CommandLine.Mixin OutputOption output = new OutputOption();

  @picocli.CommandLine.Mixin ReportOptions reports = new ReportOptions();

  public ShowCommand(CliEnvironment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() {
    reports.check();
    SavedPlan saved = PlanReader.read(plan);
    // the plan names no inventory groups the report could filter by
    PlanEvents.replay(
        saved, new Listeners(reports.listeners(environment.clock(), host -> List.<String>of())));
    reports.write();
    if (output.json()) {
      environment.out().print(new PlanWriter().toJson(saved));
    } else {
      PlanText.print(saved, environment.out());
    }
    return 0;
  }
}
