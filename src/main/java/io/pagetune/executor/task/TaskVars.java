package io.pagetune.executor.task;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.RoleScope;
import io.pagetune.playbook.Task;
import io.pagetune.template.HostText;
import io.pagetune.vars.VarScope;
import io.pagetune.vars.VarSource;
import java.util.LinkedHashMap;
import java.util.Map;

/** Assembles the variables of one task on one host, in {@link VarSource} order. */
public final class TaskVars {
  private TaskVars() {}

  public static Map<String, Object> of(
      RunContext ctx, PlayContext play, HostRun host, Task task, boolean checkMode) {
    Map<String, Object> vars = scope(ctx, play, host, task).resolve();
    // magic variables: set by pagetune, never by the user
    MagicVariables.put(vars, ctx, play, host, task, checkMode);
    return vars;
  }

  /**
   * The layered variables of the task. What came from the host (gathered facts, registered results,
   * set_fact values, which are rendered already) enters as {@link HostText}: data, never rendered
   * as a template again; so does what a dynamic inventory returned ({@code Host.templateVars}).
   */
  public static VarScope scope(RunContext ctx, PlayContext play, HostRun host, Task task) {
    Map<String, Object> facts = new LinkedHashMap<>();
    if (!host.gatheredFacts().isEmpty()) {
      Object gathered = HostText.mark(host.gatheredFacts());
      facts.put("ansible_facts", gathered);
      ((Map<?, ?>) gathered).forEach((k, v) -> facts.put("ansible_" + k, v));
    }
    RoleScope role = task == null ? null : task.role();
    // the play's static roles are visible to all its tasks; a task's own role wins over them
    return host.host()
        .templateVars()
        .with(VarSource.ROLE_DEFAULTS, play.play().roleVars().defaults())
        .with(VarSource.ROLE_DEFAULTS, role == null ? Map.of() : role.defaults())
        .with(VarSource.HOST_FACTS, facts)
        .with(VarSource.PLAY_VARS, play.play().vars())
        .with(VarSource.PLAY_VARS_FILES, play.varsFilesVars())
        .with(VarSource.ROLE_VARS, play.play().roleVars().vars())
        .with(VarSource.ROLE_VARS, role == null ? Map.of() : role.vars())
        .with(VarSource.BLOCK_VARS, task == null ? Map.of() : task.blockVars())
        .with(VarSource.TASK_VARS, task == null ? Map.of() : task.keywords().vars())
        // written by the user: templates in them are evaluated when used, as vars_files' are
        .with(VarSource.INCLUDE_VARS, host.includedVars())
        .with(VarSource.SET_FACTS_AND_REGISTERED, HostText.markAll(host.setFacts()))
        .with(VarSource.ROLE_PARAMS, role == null ? Map.of() : role.params())
        .with(VarSource.INCLUDE_PARAMS, host.includeParams())
        .with(VarSource.EXTRA_VARS, ctx.options().extraVars());
  }
}
