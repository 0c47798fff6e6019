package io.pagetune.executor.play;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.task.LoopExpansion;
import io.pagetune.executor.task.TaskVars;
import io.pagetune.playbook.DynamicInclude;
import io.pagetune.playbook.IncludeFileChoice;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskNode;
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
   * ansible-playbook runs each inclusion of a file once, on the hosts that included that file with
   * equal parameters, in the order the inclusions first appear ({@link #join}).
   */
  record Round(Map<String, Object> params, List<TaskNode> tasks, List<HostRun> hosts) {
    Round {
      params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
      tasks = List.copyOf(tasks);
      hosts = List.copyOf(hosts);
    }
  }

  /** One inclusion on a host: its parameters and the tasks of the file it names. */
  private record Admitted(String file, Map<String, Object> params, List<TaskNode> tasks) {}

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
    List<RoundBuilder> rounds = new ArrayList<>();
    for (HostRun h : hosts) {
      Reporter report = new Reporter(include, play, h, check);
      try {
        Map<String, Object> vars = TaskVars.of(ctx, play, h, gate, check);
        List<Admitted> admitted =
            gate.loop() == null ? single(include, vars, report) : items(include, vars, report);
        if (admitted.stream().anyMatch(a -> a.tasks() == null)) {
          continue; // a file the name rendered to is missing: the host failed, none runs
        }
        admitted.forEach(a -> join(rounds, a, h));
      } catch (RuntimeException e) {
        String msg = gate.location() + ": " + e.getMessage();
        report.failed(msg, Map.of("failed", true, "msg", msg));
      }
    }
    List<Round> out = new ArrayList<>();
    for (RoundBuilder r : rounds) {
      // the include's own vars, then its item's: both include parameters of its tasks
      Map<String, Object> params = new LinkedHashMap<>(gate.keywords().vars());
      params.putAll(r.first().params());
      out.add(new Round(params, r.first().tasks(), r.hosts()));
    }
    return out;
  }

  /** A round being gathered: the inclusion that opened it, its key and its hosts so far. */
  private record RoundBuilder(Admitted first, Object key, List<HostRun> hosts) {}

  /**
   * ansible-core's IncludedFile merge: the host joins the first round of the same file and
   * parameters it is not in yet, else opens a new one; so a host that includes one file twice with
   * equal parameters runs it twice, and hosts that include it alike run it together.
   */
  private static void join(List<RoundBuilder> rounds, Admitted a, HostRun h) {
    Object key = java.util.Arrays.asList(a.file(), HostText.plain(a.params()));
    for (RoundBuilder r : rounds) {
      if (r.key().equals(key) && !r.hosts().contains(h)) {
        r.hosts().add(h);
        return;
      }
    }
    rounds.add(new RoundBuilder(a, key, new ArrayList<>(List.of(h))));
  }

  /** The file the include names: as written, or its templated name rendered with {@code vars}. */
  private String fileName(DynamicInclude include, Map<String, Object> vars) {
    IncludeFileChoice choice = include.choice();
    if (choice == null) {
      return include.target();
    }
    Task gate = include.gate();
    return String.valueOf(
        ctx.templates()
            .interpolate(choice.written(), vars, gate.moduleLocation(), "include_tasks"));
  }

  /**
   * The tasks of {@code file}; for a templated name that names no file read at load, null, after
   * the host is reported failed as ansible-core reports it (that inclusion is not counted ok).
   */
  private static List<TaskNode> tasksFor(DynamicInclude include, String file, Reporter report) {
    IncludeFileChoice choice = include.choice();
    if (choice == null) {
      return include.tasks();
    }
    java.nio.file.Path path = choice.resolve(file);
    List<TaskNode> tasks = choice.files().get(path);
    if (tasks == null) {
      String reason =
          choice.unreadable().containsKey(path)
              ? choice.unreadable().get(path)
              : "Could not find or access '"
                  + path
                  + "' on the Ansible Controller."
                  + (java.nio.file.Files.isRegularFile(path)
                      ? " (pagetune reads the files an include may name when the playbook loads;"
                          + " this one includes itself or does not match '"
                          + choice.written()
                          + "')"
                      : "");
      report.failed(reason, Map.of("failed", true, "reason", reason, "include", file));
    }
    return tasks;
  }

  /** Without a loop: one round with no item, or a counted skip. */
  private List<Admitted> single(DynamicInclude include, Map<String, Object> vars, Reporter report) {
    String failed = failedCondition(include, vars);
    if (failed != null) {
      report.skipped(null, failed);
      report.count(Status.SKIPPED);
      return List.of();
    }
    String file = fileName(include, vars);
    List<TaskNode> tasks = tasksFor(include, file, report);
    if (tasks != null) {
      report.included(null, Map.of(), file);
    }
    return List.of(new Admitted(file, Map.of(), tasks));
  }

  /** Each item whose conditions hold, reported as included; the others as skipped. */
  private List<Admitted> items(DynamicInclude include, Map<String, Object> vars, Reporter report) {
    Task gate = include.gate();
    List<Object> items = loops.items(gate, vars);
    List<Admitted> admitted = new ArrayList<>();
    for (int index = 0; index < items.size(); index++) {
      Object item = items.get(index);
      Map<String, Object> itemVars = LoopExpansion.itemVars(gate, vars, item, index);
      String label = loops.label(gate, item, itemVars);
      Map<String, Object> params = itemParams(gate, item, index);
      String failed = failedCondition(include, itemVars);
      if (failed != null) {
        report.skipped(label, failed); // shown, not counted, as ansible-playbook does
      } else {
        String file = fileName(include, itemVars);
        List<TaskNode> tasks = tasksFor(include, file, report);
        if (tasks != null) {
          report.included(label, params, file);
        }
        admitted.add(new Admitted(file, params, tasks));
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
    void included(String item, Map<String, Object> params, String file) {
      if (include.kind() != DynamicInclude.Kind.TASKS) {
        return;
      }
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("changed", false);
      result.put("include", file);
      params.forEach((k, v) -> result.put(k, HostText.plain(v)));
      outcome(Status.OK, "included: " + file, item, result);
      count(Status.OK);
    }

    /** The include failed on this host: counted failed unless a rescue takes it. */
    void failed(String message, Map<String, Object> result) {
      outcome(Status.FAILED, message, null, result);
      host.failed(true);
      if (!host.rescuable()) {
        host.count(Status.FAILED, false, 0);
      }
    }

    /** Skipped because of {@code condition}; without a condition, because no item was left. */
    void skipped(String item, String condition) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("changed", false);
      result.put("skipped", true);
      result.put("include", include.target());
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
