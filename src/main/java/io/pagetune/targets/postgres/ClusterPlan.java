package io.pagetune.targets.postgres;

import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolOfSize;
import io.pagetune.linux.PoolPersistence;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.PoolStates;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.RestartTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@code postgres_hugepages} task plans, as the plan the engine runs: the pool's steps
 * first ({@code pool_steps} of them), the pool read back when they set it live ({@link
 * ClusterPoolReadBack}), then the cluster's setting and its restart, with the three states of the
 * pool, its consumers and the cluster.
 *
 * @param poolSteps the pool's writes and its live setting
 * @param restart the cluster's restart, asked for when it does not show the pages yet
 */
record ClusterPlan(
    String cluster,
    PoolPlan pool,
    PoolOfSize size,
    PoolPersistence persistence,
    List<Step> poolSteps,
    boolean setsPoolLive,
    boolean runtime,
    HugePagesSetting setting,
    ClusterPages pages,
    PgClusterPort port,
    RestartTarget restart) {

  Plan plan() {
    List<Step> steps = new ArrayList<>(poolSteps);
    if (setsPoolLive) {
      steps.add(ClusterPoolReadBack.of(pool.pages(), size));
    }
    steps.addAll(setting.steps());
    if (!pages.effective() && pages.pg().running() && !steps.isEmpty()) {
      steps.add(
          new Step.RequestRestart(
              restart, "the postmaster maps its shared memory in huge pages when it starts"));
    }
    List<PageState> states = new ArrayList<>(PoolStates.of(pool, size, persistence, runtime));
    states.add(pages.state(cluster, size.pageBytes(), setting));
    Map<String, Object> data = data(states);
    String summary =
        PoolFile.KEY
            + " = "
            + pool.pages()
            + " of "
            + size.page()
            + " for "
            + String.join(", ", pool.breakdown())
            + "; huge_pages = "
            + pages.wantedMode();
    if (steps.isEmpty()) {
      String msg = summary + pages.upToDate();
      data.put("msg", msg);
      return Plan.upToDate(msg, data).withPageStates(states);
    }
    data.put("msg", summary);
    List<FileDiff> diffs = new ArrayList<>(persistence.diffs());
    diffs.addAll(setting.diffs());
    return Plan.of(steps, diffs).withData(data).withPageStates(states);
  }

  private Map<String, Object> data(List<PageState> states) {
    Map<String, Object> data = new LinkedHashMap<>();
    Map<String, Object> desired = new LinkedHashMap<>();
    desired.put("nr_hugepages", pool.pages());
    desired.put("page_bytes", size.pageBytes());
    desired.put("huge_pages", pages.wantedMode());
    desired.put("consumers", pool.breakdown());
    data.put("desired", desired);
    data.put("port", port.port());
    data.put("port_from", port.source());
    data.put("effective", states.stream().allMatch(PageState::effective));
    data.put("pending_restart", !pages.effective());
    data.put("sets_pool_live", setsPoolLive);
    if (!size.defaultPage()) {
      data.put("pool_sysfs", size.gigantic().sysfsPath());
    }
    data.put("pool_steps", poolSteps.size());
    return data;
  }
}
