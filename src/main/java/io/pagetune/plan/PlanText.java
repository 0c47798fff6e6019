package io.pagetune.plan;

import java.io.PrintStream;
import java.util.List;

/**
 * A plan as people read it, in the shape of {@code run --check --diff}: what it rests on, then per
 * host and task the steps, the diffs and the restarts it would need. {@code pagetune show} prints
 * it; a change request gets it as an attachment.
 */
public final class PlanText {
  private PlanText() {}

  public static String of(SavedPlan plan) {
    StringBuilder sb = new StringBuilder();
    PlanSource s = plan.source();
    sb.append("Plan ").append(plan.digest() == null ? "(unsaved)" : plan.digest()).append('\n');
    sb.append("  made by ")
        .append(plan.createdBy())
        .append(" at ")
        .append(plan.createdAt())
        .append(" (check run ")
        .append(plan.runId())
        .append(")\n");
    sb.append("  playbook:  ")
        .append(s.playbook())
        .append("  ")
        .append("(" + s.files().size() + " files read)")
        .append('\n');
    sb.append("  inventory: ")
        .append(String.join(", ", s.inventories()))
        .append("  ")
        .append(s.inventoryDigest())
        .append('\n');
    if (s.limit() != null) {
      sb.append("  limit:     ").append(s.limit()).append('\n');
    }
    if (!s.tags().isEmpty() || !s.skipTags().isEmpty()) {
      sb.append("  tags:      ")
          .append(String.join(",", s.tags()))
          .append(s.skipTags().isEmpty() ? "" : "  skip: " + String.join(",", s.skipTags()))
          .append('\n');
    }
    if (!s.extraVars().isEmpty()) {
      sb.append("  extra vars: ").append(String.join(", ", s.extraVars().keySet())).append('\n');
    }
    for (HostPlan h : plan.hosts()) {
      sb.append('\n')
          .append("HOST [")
          .append(h.host())
          .append("] ")
          .append("*".repeat(40))
          .append('\n');
      for (TaskPlan t : h.tasks()) {
        sb.append("TASK [").append(t.task()).append("]");
        if (t.location() != null) {
          sb.append(" (").append(t.location()).append(')');
        }
        sb.append('\n');
        sb.append("changed: [")
            .append(h.host())
            .append("] => ")
            .append(String.join("; ", t.steps()));
        sb.append('\n');
        for (PlannedWrite w : t.writes()) {
          if (w.diff() != null && !w.diff().isEmpty()) {
            sb.append(w.diff());
            if (!w.diff().endsWith("\n")) {
              sb.append('\n');
            }
          } else if (t.noLog()) {
            sb.append("  ")
                .append(w.path())
                .append(": sha256 ")
                .append(w.beforeSha256() == null ? "(new file)" : w.beforeSha256())
                .append(" -> ")
                .append(w.afterSha256() == null ? "(removed)" : w.afterSha256())
                .append(" (content hidden: no_log)\n");
          }
        }
        for (String r : t.restarts()) {
          sb.append("  would restart: ").append(r).append('\n');
        }
      }
    }
    sb.append('\n').append(summary(plan)).append('\n');
    return sb.toString();
  }

  /** One line: how many hosts, tasks and files the plan changes, and its restarts. */
  public static String summary(SavedPlan plan) {
    int files = plan.hosts().stream().mapToInt(h -> h.writes().size()).sum();
    long restarts =
        plan.hosts().stream()
            .flatMap(h -> h.tasks().stream())
            .mapToLong(t -> t.restarts().size())
            .sum();
    List<String> hosts = plan.hosts().stream().map(HostPlan::host).toList();
    return "Plan "
        + (plan.digest() == null ? "" : PlanDigest.shortForm(plan.digest()) + " ")
        + "changes "
        + plan.changedTasks()
        + " task(s) and "
        + files
        + " file(s) on "
        + hosts.size()
        + " host(s)"
        + (hosts.isEmpty() ? "" : " (" + String.join(", ", hosts) + ")")
        + ", "
        + restarts
        + " restart(s) predicted.";
  }

  public static void print(SavedPlan plan, PrintStream out) {
    out.print(of(plan));
  }
}
