package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.plan.ChangeRequestPlans;
import io.pagetune.plan.HostPlan;
import io.pagetune.plan.PlanAttachmentReport;
import io.pagetune.plan.SavedPlan;
import io.pagetune.restart.Restarts;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import io.pagetune.schedule.servicenow.ServiceNowCredentials;
import io.pagetune.schedule.servicenow.ServiceNowException;
import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.yaml.YamlReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The ServiceNow change requests of a plan: the changes that are the windows of the plan's hosts.
 * {@code run --check --save-plan} attaches the plan to them; {@code apply} checks each approved it.
 */
final class PlanChangeRequests {
  private PlanChangeRequests() {}

  /** The change request numbers behind the change windows of the plan's hosts. */
  static Set<String> changes(
      io.pagetune.app.Wiring wiring,
      SavedPlan plan,
      Inventory inv,
      Path inventory,
      Path windowsFile) {
    WindowsFile windows = wiring.windows(new YamlReader(Path.of("")), inv, inventory, windowsFile);
    Set<String> numbers = new TreeSet<>();
    for (HostPlan h : plan.hosts()) {
      Optional<Host> host = inv.host(h.host());
      Object name =
          host.map(
                  x -> x.vars().resolve().get(io.pagetune.restart.RestartConfigCheck.CHANGE_WINDOW))
              .orElse(null);
      if (name == null) {
        continue;
      }
      windows
          .window(String.valueOf(name))
          .flatMap(ChangeWindow::serviceNowChange)
          .ifPresent(numbers::add);
    }
    return numbers;
  }

  /** Attaches the saved plan to each of its change requests; a failure is said, not hidden. */
  static void attach(
      SavedPlan plan,
      Inventory inv,
      Path inventory,
      Path windowsFile,
      CliEnvironment env,
      PrintStream err) {
    Set<String> numbers = changes(env.wiring(), plan, inv, inventory, windowsFile);
    if (numbers.isEmpty()) {
      return;
    }
    ChangeRequestPlans changes = new ChangeRequestPlans(client(env));
    for (String number : numbers) {
      try {
        changes.attach(number, plan, PlanAttachmentReport.html(ReportOptions.groupsOf(inv)));
        env.out().println("Plan attached to change request " + number);
      } catch (ServiceNowException e) {
        err.println(
            "pagetune: the plan was saved but not attached to " + number + ": " + e.getMessage());
      }
    }
  }

  /** Why the change requests do not allow this plan now; empty when they all do. */
  static List<String> refusals(
      SavedPlan plan, Inventory inv, Path inventory, Path windowsFile, CliEnvironment env) {
    Set<String> numbers = changes(env.wiring(), plan, inv, inventory, windowsFile);
    List<String> out = new ArrayList<>();
    if (numbers.isEmpty()) {
      return out;
    }
    ChangeRequestPlans changes = new ChangeRequestPlans(client(env));
    for (String number : numbers) {
      try {
        changes.refusal(number, plan).ifPresent(out::add);
      } catch (ServiceNowException e) {
        out.add(number + ": " + e.getMessage());
      }
    }
    return out;
  }

  private static ServiceNowClient client(CliEnvironment env) {
    String instance = env.env().get(Restarts.SERVICENOW_ENV);
    SourceLocation at = SourceLocation.of(Restarts.SERVICENOW_ENV);
    if (instance == null || instance.isBlank()) {
      throw new InputException(at, "a ServiceNow change window needs the instance URL");
    }
    URI uri;
    try {
      uri = URI.create(instance);
    } catch (IllegalArgumentException e) {
      // not echoed: a malformed URL may hold a password the mask cannot find
      throw new InputException(at, "not a valid URL (e.g. https://acme.service-now.com)");
    }
    return new ServiceNowClient(
        uri,
        ServiceNowCredentials.resolve(env.env(), Optional.empty()),
        ServiceNowClient.Options.defaults(),
        Sleeper.REAL);
  }
}
