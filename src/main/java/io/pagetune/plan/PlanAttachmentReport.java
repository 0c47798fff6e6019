package io.pagetune.plan;

import io.pagetune.report.html.FleetReportCollector;
import io.pagetune.report.html.FleetReportHtml;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;

/**
 * The report of a plan that goes onto a change request: the HTML fleet report ({@link #html}) that
 * a board reviews, or the plan as text.
 */
public interface PlanAttachmentReport {
  String fileName(SavedPlan plan);

  String contentType();

  byte[] render(SavedPlan plan);

  /** The plan as {@code pagetune show} prints it. */
  PlanAttachmentReport TEXT =
      new PlanAttachmentReport() {
        @Override
        public String fileName(SavedPlan plan) {
          return "pagetune-plan-" + PlanDigest.shortForm(plan.digest()) + ".txt";
        }

        @Override
        public String contentType() {
          return "text/plain";
        }

        @Override
        public byte[] render(SavedPlan plan) {
          return PlanText.of(plan).getBytes(StandardCharsets.UTF_8);
        }
      };

  /**
   * The HTML fleet report of the plan's outcomes, dated when the plan was made (the same plan
   * always renders the same report).
   *
   * @param groupsOf the inventory groups of a host, for the report's group filter
   */
  static PlanAttachmentReport html(Function<String, List<String>> groupsOf) {
    return new PlanAttachmentReport() {
      @Override
      public String fileName(SavedPlan plan) {
        return "pagetune-plan-" + PlanDigest.shortForm(plan.digest()) + ".html";
      }

      @Override
      public String contentType() {
        return "text/html";
      }

      @Override
      public byte[] render(SavedPlan plan) {
        FleetReportCollector collector =
            new FleetReportCollector(Clock.fixed(plan.created(), ZoneOffset.UTC), groupsOf);
        PlanEvents.replay(plan, collector);
        return FleetReportHtml.render(collector.report()).getBytes(StandardCharsets.UTF_8);
      }
    };
  }
}
