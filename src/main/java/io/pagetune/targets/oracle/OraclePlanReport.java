package io.pagetune.targets.oracle;

import io.pagetune.linux.PoolFile;
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
 * The plan of {@code oracle_hugepages} as the run reports it: the desired values, the states, the
 * one-line message, and the restarts that make the written settings effective (a reboot for the
 * pool or the kernel command line, an instance restart for its SGA to move into huge pages).
 */
final class OraclePlanReport {
  private OraclePlanReport() {}

  /**
   * @param host the host's name (the reboot's target)
   * @param steps the writes and live settings; empty when the host is up to date
   * @param setsPoolLive whether {@code steps} set the pool live (then the plan reads it back)
   */
  static Plan plan(
      String host,
      OracleRequest req,
      OraclePoolSizing pool,
      OracleConfigFiles files,
      OracleLive live,
      List<PageState> states,
      List<Step> steps,
      List<FileDiff> diffs,
      boolean setsPoolLive,
      boolean runtime,
      String sysctlPath) {
    boolean effective = states.stream().allMatch(PageState::effective);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("desired", files.planned());
    data.put("persisted", states.stream().allMatch(PageState::persisted));
    data.put("effective", effective);
    data.put(
        "current",
        Map.of(
            "hugepages_total",
            live.total().isPresent() ? live.total().getAsLong() : "unknown",
            "thp",
            OracleStates.activeThp(files.thp())));
    data.put("boot", files.kernel().report());
    data.put("sets_pool_live", setsPoolLive);
    String thpNote = thpNote(files);
    data.put("pending_restart", !effective);
    String summary = summary(req, pool, files);
    if (steps.isEmpty()) {
      String msg = upToDate(summary, effective, states, live) + thpNote;
      data.put("msg", msg);
      return Plan.upToDate(msg, data).withPageStates(states);
    }
    List<Step> all = new ArrayList<>(steps);
    all.addAll(restarts(host, req, pool, files.kernel(), runtime, sysctlPath));
    if (setsPoolLive) {
      all.add(LivePoolReadBack.of(files.planned(), live.size()));
    }
    data.put("msg", summary + thpNote);
    return Plan.of(all, diffs).withData(data).withPageStates(states);
  }

  /** The message of a host already up to date: live, or what is still pending a restart. */
  private static String upToDate(
      String summary, boolean effective, List<PageState> states, OracleLive live) {
    List<String> pending = new ArrayList<>();
    for (PageState st : states) {
      if (!st.effective()) {
        pending.add(st.target() + " is " + st.effectiveValue());
      }
    }
    return summary
        + (effective
            ? " persisted and live"
            : " persisted; pending restart: HugePages_Total is "
                + live.totalText()
                + (live.poolLive() ? "" : " until a reboot (or runtime: true)")
                + (pending.isEmpty() ? "" : " (" + String.join("; ", pending) + ")"));
  }

  /**
   * The restarts that make the writes effective: a reboot for the kernel command line or a pool not
   * set live, and with {@code runtime} each declared instance, whose SGA moves at its start.
   */
  private static List<Step.RequestRestart> restarts(
      String host,
      OracleRequest req,
      OraclePoolSizing pool,
      KernelParams kernel,
      boolean runtime,
      String sysctlPath) {
    List<Step.RequestRestart> all = new ArrayList<>();
    if (!runtime || req.gigantic() || !kernel.bootEdits().isEmpty()) {
      all.add(
          new Step.RequestRestart(
              new RestartTarget(RestartTarget.REBOOT, host, host),
              !kernel.bootEdits().isEmpty()
                  ? "the kernel command line ("
                      + String.join(" ", kernel.params())
                      + ") applies at boot"
                  : "the pool of "
                      + pool.pages()
                      + " huge pages is allocated reliably at boot from "
                      + sysctlPath));
    }
    if (runtime) {
      for (InstanceSga i : req.declared()) {
        all.add(
            new Step.RequestRestart(
                OracleTarget.INSTANCE_RESTART.target(host, i.instance()),
                "the SGA moves into huge pages when the instance starts"));
      }
    }
    return all;
  }

  private static String summary(OracleRequest req, OraclePoolSizing pool, OracleConfigFiles files) {
    List<String> how = new ArrayList<>(files.sysctl().notes());
    if (!files.limits().edits().isEmpty()) {
      files.limits().notes().values().forEach(how::addAll);
    }
    how.addAll(pool.notes());
    return PoolFile.KEY
        + " = "
        + pool.pages()
        + (req.gigantic() ? " of 1G" : "")
        + " ("
        + req.source()
        + (pool.extra().isEmpty()
            ? ""
            : "; the host's pool: " + String.join("; ", pool.breakdown()))
        + ")"
        + (how.isEmpty() ? "" : "; " + String.join("; ", how));
  }

  private static String thpNote(OracleConfigFiles files) {
    ThpPolicy policy = files.policy();
    return files.thp().active().isPresent() && !files.thp().is(policy.mode())
        ? "; THP is "
            + files.thp().active().get()
            + ", policy says "
            + policy.mode()
            + " ("
            + policy.reason()
            + ")"
        : "";
  }
}
