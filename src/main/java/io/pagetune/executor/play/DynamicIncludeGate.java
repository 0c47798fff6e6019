package io.pagetune.executor.play;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.task.LoopExpansion;
import io.pagetune.executor.task.TaskVars;
import io.pagetune.playbook.DynamicInclude;
import io.pagetune.playbook.Task;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import io.pagetune.template.HostText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides, per host, whether an {@code include_role} or {@code include_tasks} runs: its tags
 * against {@code --tags}, then its {@code when}, evaluated once when the run reaches it (a later
 * change to the variables does not stop the include halfway). A host where it is false counts one
 * skip; where it holds, an {@code include_role} itself is not counted (its tasks are), and an
 * {@code include_tasks} counts one ok, as ansible-playbook counts them. A looping {@code
 * include_tasks} evaluates its {@code when} per item and counts one ok per item it includes; the
 * items it skips are shown and not counted, and a host where it includes no item (an empty loop
 * too) counts one skip.
 */
final class DynamicIncludeGate {
  /**
   * The included tasks to run once on {@code hosts} with {@code params} as include parameters:
   * ansible-playbook runs the file once per distinct item, in the order the items first appear, on
   * the hosts that included it with that item.
   */
  record Round(Map<String, Object> params, List<HostRun> hosts) {
    Round {
      params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
      hosts = List.copyOf(hosts);
    }
  }

  private final RunContext ctx;
  private final LoopExpansion loops;

  DynamicIncludeGate(RunContext ctx) {
    this.ctx = ctx;
    this.loops = new LoopExpansion(ctx);
  }

  /** The rounds of included tasks, in the order they run; none when no host includes the file. */
  List<Round> admitted(DynamicInclude include, List<HostRun> hosts, PlayContext play) {
    Task gate = include.gate();
    if (!TagFilter.selects(
        gate.keywords().tags(), ctx.options().tags(), ctx.options().skipTags())) {
      return List.of();
    }
    ctx.listener().taskStarted(gate.displayName(), gate.location().toString(), false);
    boolean check =
        gate.keywords().checkMode() != null ? gate.keywords().checkMode() : ctx.options().check();
    // an item's parameters, plain (to compare) -> them and their hosts, in order of first
    // appearance
    Map<Object, Map<String, Object>> itemParams = new LinkedHashMap<>();
    Map<Object, List<HostRun>> itemHosts = new LinkedHashMap<>();
    for (HostRun h : hosts) {
      Reporter report = new Reporter(include, play, h, check);
      try {
        Map<String, Object> vars = TaskVars.of(ctx, play, h, gate, check);
        List<Map<String, Object>> admitted =
            gate.loop() == null ? single(include, vars, report) : items(include, vars, report);
        for (Map<String, Object> params : admitted) {
          Object key = HostText.plain(params);
          itemParams.putIfAbsent(key, params);
          itemHosts.computeIfAbsent(key, k -> new ArrayList<>()).add(h);
        }
      } catch (RuntimeException e) {
        String msg = gate.location() + ": " + e.getMessage();
        report.outcome(Status.FAILED, msg, null, Map.of("failed", true, "msg", msg));
        h.failed(true);
        if (!h.rescuable()) {
          h.count(Status.FAILED, false, 0);
        }
      }
    }
    List<Round> out = new ArrayList<>();
    for (Map.Entry<Object, Map<String, Object>> e : itemParams.entrySet()) {
      // the include's own vars, then its item's: both include parameters of its tasks
      Map<String, Object> params = new LinkedHashMap<>(gate.keywords().vars());
      params.putAll(e.getValue());
      out.add(new Round(params, itemHosts.get(e.getKey())));
    }
    return out;
  }

  /** Without a loop: one round with no item, or a counted skip. */
  private List<Map<String, Object>> single(
      DynamicInclude include, Map<String, Object> vars, Reporter report) {
    String failed = failedCondition(include, vars);
    if (failed != null) {
      report.skipped(null, failed);
      report.count(Status.SKIPPED);
      return List.of();
    }
    report.included(null, Map.of());
    return List.of(Map.of());
  }

  /** Each item whose conditions hold, reported as included; the others as skipped. */
  private List<Map<String, Object>> items(
      DynamicInclude include, Map<String, Object> vars, Reporter report) {
    Task gate = include.gate();
    List<Object> items = loops.items(gate, vars);
    List<Map<String, Object>> admitted = new ArrayList<>();
    for (int index = 0; index < items.size(); index++) {
      Object item = items.get(index);
      Map<String, Object> itemVars = LoopExpansion.itemVars(gate, vars, item, index);
      String label = loops.label(gate, item, itemVars);
      Map<String, Object> params = itemParams(gate, item, index);
      String failed = failedCondition(include, itemVars);
      if (failed != null) {
        report.skipped(label, failed); // shown, not counted, as ansible-playbook does
      } else {
        report.included(label, params);
        admitted.add(params);
      }
    }
    if (admitted.isEmpty()) {
      // ansible-playbook: one skip for the task when no item (or no item at all) was included
      report.skipped(null, null);
      report.count(Status.SKIPPED);
    }
    return admitted;
  }

  /**
   * The variables an item gives the included tasks, as ansible-playbook passes them: the loop
   * variable, {@code ansible_loop_var}, and with {@code index_var} the index and {@code
   * ansible_index_var}.
   */
  private static Map<String, Object> itemParams(Task gate, Object item, int index) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put(gate.loopVar(), HostText.mark(item));
    params.put("ansible_loop_var", gate.loopVar());
    String indexVar = gate.loopControl().indexVar();
    if (indexVar != null) {
      params.put(indexVar, (long) index);
      params.put("ansible_index_var", indexVar);
    }
    return params;
  }

  /** The first of the include's conditions that is false, or null when all hold. */
  private String failedCondition(DynamicInclude include, Map<String, Object> vars) {
    Task gate = include.gate();
    String what =
        (include.kind() == DynamicInclude.Kind.ROLE ? "include_role '" : "include_tasks '")
            + include.target()
            + "' when";
    for (String cond : gate.keywords().when()) {
      if (!ctx.templates().test(cond, vars, gate.location(), what)) {
        return cond;
      }
    }
    return null;
  }

  /** Reports the include's results on one host. */
  private final class Reporter {
    private final DynamicInclude include;
    private final PlayContext play;
    private final HostRun host;
    private final boolean check;

    Reporter(DynamicInclude include, PlayContext play, HostRun host, boolean check) {
      this.include = include;
      this.play = play;
      this.host = host;
      this.check = check;
    }

    /** Included (with {@code item} shown, or none): an include_tasks counts one ok. */
    void included(String item, Map<String, Object> params) {
      if (include.kind() != DynamicInclude.Kind.TASKS) {
        return;
      }
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("changed", false);
      result.put("include", include.target());
      params.forEach((k, v) -> result.put(k, HostText.plain(v)));
      outcome(Status.OK, "included: " + include.target(), item, result);
      count(Status.OK);
    }

    /** Skipped because of {@code condition}; without a condition, because no item was left. */
    void skipped(String item, String condition) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("changed", false);
      result.put("skipped", true);
      if (condition != null) {
        result.put("skip_reason", "Conditional result was False");
        result.put("false_condition", condition);
      } else {
        result.put("skip_reason", "No items were included");
      }
      outcome(Status.SKIPPED, null, item, result);
    }

    void count(Status status) {
      host.count(status, false, 0);
    }

    void outcome(Status status, String message, String item, Map<String, Object> result) {
      Task gate = include.gate();
      ctx.listener()
          .hostResult(
              TaskOutcome.builder(
                      host.name(),
                      play.play().displayName(),
                      gate.displayName(),
                      gate.location().toString(),
                      status)
                  .message(message)
                  .item(item)
                  .checkMode(check)
                  .result(result)
                  .build());
    }
  }
}
