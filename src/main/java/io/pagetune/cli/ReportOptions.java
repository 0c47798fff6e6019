package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.report.ReportFile;
import io.pagetune.report.RunListener;
import io.pagetune.report.html.FleetReportCollector;
import io.pagetune.report.html.FleetReportHtml;
import io.pagetune.report.junit.JUnitCollector;
import io.pagetune.report.junit.JUnitXml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --report FILE.html} and {@code --junit FILE.xml}: report files written from the events.
 */
public final class ReportOptions {
  @Option(
      names = "--report",
      paramLabel = "FILE.html",
      description =
          "Write a self-contained HTML fleet report (states, diffs, restarts, blockers; filters by"
              + " state and group).")
  Path report;

  @Option(
      names = "--junit",
      paramLabel = "FILE.xml",
      description = "Write JUnit XML for CI: a test case per host and task.")
  Path junit;

  private FleetReportCollector fleet;
  private JUnitCollector cases;

  /** Checks the files can be written before any host is contacted. */
  void check() {
    checkDirectory("--report", report);
    checkDirectory("--junit", junit);
  }

  private static void checkDirectory(String option, Path file) {
    if (file == null) {
      return;
    }
    Path dir = file.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new InputException(
          SourceLocation.of(option), "directory of " + file + " does not exist");
    }
    if (Files.isDirectory(file)) {
      throw new InputException(SourceLocation.of(option), file + " is a directory");
    }
  }

  /** The listeners that collect what the files need (none when no file is asked for). */
  List<RunListener> listeners(Clock clock, Inventory inventory) {
    return listeners(clock, groupsOf(inventory));
  }

  /** As {@link #listeners(Clock, Inventory)}, with the hosts' groups from {@code groupsOf}. */
  List<RunListener> listeners(
      Clock clock, java.util.function.Function<String, List<String>> groupsOf) {
    check();
    List<RunListener> out = new ArrayList<>();
    if (report != null) {
      fleet = new FleetReportCollector(clock, groupsOf);
      out.add(fleet);
    }
    if (junit != null) {
      cases = new JUnitCollector(clock);
      out.add(cases);
    }
    return out;
  }

  /** The fleet report shows each host's latest restart benefit probe from {@code store}. */
  void benefits(io.pagetune.state.StateStore store) {
    if (fleet != null) {
      io.pagetune.state.BenefitRecords records = new io.pagetune.state.BenefitRecords(store);
      fleet.benefits(host -> records.latest(host).map(io.pagetune.state.BenefitRecord::summary));
    }
  }

  /** Writes the files from what the listeners collected. */
  void write() {
    write(text -> text);
  }

  /** As {@link #write()}, each file's text passed through {@code mask} (vault secrets hidden). */
  void write(java.util.function.UnaryOperator<String> mask) {
    if (fleet != null) {
      ReportFile.write(report, mask.apply(FleetReportHtml.render(fleet.report())));
    }
    if (cases != null) {
      ReportFile.write(
          junit, mask.apply(JUnitXml.render(cases.name(), cases.started(), cases.cases())));
    }
  }

  Optional<Path> reportFile() {
    return Optional.ofNullable(report);
  }

  static java.util.function.Function<String, List<String>> groupsOf(Inventory inventory) {
    return name ->
        inventory
            .host(name)
            .map(Host::groups)
            .map(gs -> gs.stream().filter(g -> !g.equals("all") && !g.equals("ungrouped")).toList())
            .orElse(List.of());
  }
}
