package io.pagetune.plan;

import java.nio.charset.StandardCharsets;

/**
 * The report of a plan that goes onto a change request. The text rendering is the default; an HTML
 * report can take its place.
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
}
