package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.plan.SavedPlan;
import io.pagetune.schedule.window.DurationText;
import java.time.Clock;
import java.time.Duration;

/**
 * Whether a plan is of an age {@code apply} accepts: not older than {@code --max-plan-age}, and not
 * made after now by more than two control nodes' clocks may differ.
 */
final class PlanAge {
  /** How far the clock of the node that saved a plan may run ahead of this one's. */
  static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(5);

  private PlanAge() {}

  static void check(SavedPlan plan, String maxPlanAge, Clock clock, SourceLocation at) {
    Duration max =
        DurationText.parse(maxPlanAge)
            .orElseThrow(
                () ->
                    new InputException(
                        SourceLocation.of("--max-plan-age"),
                        "'" + maxPlanAge + "' is not a duration (e.g. 7d, 36h, PT12H)"));
    Duration age = Duration.between(plan.created(), clock.instant());
    if (age.compareTo(MAX_CLOCK_SKEW.negated()) < 0) {
      // made "in the future": no clock is that far off, so the date was set to outlive the age
      // check
      throw new InputException(
          at,
          "the plan says it was made at "
              + plan.createdAt()
              + ", "
              + ahead(age.negated())
              + " after now (more than the "
              + MAX_CLOCK_SKEW.toMinutes()
              + " minutes two clocks may differ): make a new plan");
    }
    if (age.compareTo(max) > 0) {
      throw new InputException(
          at,
          "the plan was made at "
              + plan.createdAt()
              + ", "
              + age.toHours()
              + "h ago, older than --max-plan-age "
              + maxPlanAge
              + ": make a new plan");
    }
  }

  private static String ahead(Duration d) {
    return d.toDays() > 0
        ? d.toDays() + "d"
        : d.toHours() > 0 ? d.toHours() + "h" : d.toMinutes() + "min";
  }
}
