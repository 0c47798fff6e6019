package io.pagetune.targets.postgres;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.StepRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies a {@link ClusterPlan}: the pool first, read back, and only then the cluster's setting and
 * restart. Only a pool that is really there may carry {@code huge_pages = on}, else PostgreSQL
 * would refuse to start in its window.
 */
final class PoolFirstApply {
  private PoolFirstApply() {}

  static ApplyResult apply(Plan plan, ModuleCall call, StepRunner runner) {
    int poolCount = ((Number) plan.data().getOrDefault("pool_steps", 0)).intValue();
    List<Step> poolSteps = plan.steps().subList(0, poolCount);
    List<Step> rest = plan.steps().subList(poolCount, plan.steps().size());
    ApplyResult first = runner.run(Plan.of(poolSteps, plan.diffs()).withData(plan.data()), call);
    if (first.failure().isPresent()) {
      return first;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> desired = (Map<String, Object>) plan.data().get("desired");
    long wanted = ((Number) desired.get("nr_hugepages")).longValue();
    if (Boolean.TRUE.equals(plan.data().get("sets_pool_live"))) {
      Object sysfs = plan.data().get("pool_sysfs");
      CommandResult back =
          runner.query(
              sysfs == null
                  ? RemoteCommand.argv("sysctl", "-n", "vm.nr_hugepages")
                  : RemoteCommand.argv("cat", String.valueOf(sysfs)),
              call);
      String got = back.stdout().strip();
      if (!back.ok() || !got.equals(Long.toString(wanted))) {
        return first.withFailure(
            "the huge-page pool reads back "
                + (got.isEmpty() ? "nothing" : got)
                + " of "
                + wanted
                + " pages (memory fragmented or in use): huge_pages left as it is and no"
                + " restart requested, since PostgreSQL would not start with huge_pages = on;"
                + " the persisted pool is allocated at the next boot");
      }
    }
    ApplyResult second = runner.run(Plan.of(rest, List.of()).withData(plan.data()), call);
    List<CommandResult> commands = new ArrayList<>(first.commands());
    commands.addAll(second.commands());
    List<String> backups = new ArrayList<>(first.backups());
    backups.addAll(second.backups());
    return new ApplyResult(
        first.changed() || second.changed(),
        commands,
        second.restarts(),
        backups,
        second.data(),
        second.failure());
  }
}
