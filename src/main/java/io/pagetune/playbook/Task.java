package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.Map;

/**
 * One task with its effective keywords (already merged with enclosing blocks and play).
 *
 * @param args raw module arguments; strings may still hold {@code ${…}}
 * @param loop the loop value (a list, or a string expression), null when the task does not loop
 * @param retry {@code until}/{@code retries}/{@code delay}, or null
 * @param blockVars vars of enclosing blocks, outer first (kept apart from the task's own vars for
 *     precedence)
 * @param role the role the task comes from, or null
 * @param hosts {@code run_once} and {@code delegate_to}
 */
public record Task(
    String name,
    String module,
    Map<String, Object> args,
    SourceLocation location,
    SourceLocation moduleLocation,
    Keywords keywords,
    Map<String, Object> blockVars,
    Object loop,
    String loopVar,
    String register,
    List<String> notifies,
    List<String> listen,
    List<String> changedWhen,
    List<String> failedWhen,
    Integer timeout,
    LoopControl loopControl,
    Retry retry,
    RoleScope role,
    TaskHosts hosts)
    implements TaskNode {

  /** A task outside any role, run on its own host. */
  public Task(
      String name,
      String module,
      Map<String, Object> args,
      SourceLocation location,
      SourceLocation moduleLocation,
      Keywords keywords,
      Map<String, Object> blockVars,
      Object loop,
      String loopVar,
      String register,
      List<String> notifies,
      List<String> listen,
      List<String> changedWhen,
      List<String> failedWhen,
      Integer timeout,
      LoopControl loopControl,
      Retry retry) {
    this(
        name,
        module,
        args,
        location,
        moduleLocation,
        keywords,
        blockVars,
        loop,
        loopVar,
        register,
        notifies,
        listen,
        changedWhen,
        failedWhen,
        timeout,
        loopControl,
        retry,
        null,
        TaskHosts.SELF);
  }

  /** A task without {@code loop_control} label, index_var or pause, and without until. */
  public Task(
      String name,
      String module,
      Map<String, Object> args,
      SourceLocation location,
      SourceLocation moduleLocation,
      Keywords keywords,
      Map<String, Object> blockVars,
      Object loop,
      String loopVar,
      String register,
      List<String> notifies,
      List<String> listen,
      List<String> changedWhen,
      List<String> failedWhen,
      Integer timeout) {
    this(
        name,
        module,
        args,
        location,
        moduleLocation,
        keywords,
        blockVars,
        loop,
        loopVar,
        register,
        notifies,
        listen,
        changedWhen,
        failedWhen,
        timeout,
        LoopControl.NONE,
        null);
  }

  public Task {
    args = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(args));
    blockVars = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(blockVars));
    notifies = List.copyOf(notifies);
    listen = List.copyOf(listen);
    changedWhen = List.copyOf(changedWhen);
    failedWhen = List.copyOf(failedWhen);
    loopControl = loopControl == null ? LoopControl.NONE : loopControl;
    hosts = hosts == null ? TaskHosts.SELF : hosts;
  }

  /**
   * What the console prints: the name, or "module" when unnamed, as Ansible does; a role's task as
   * {@code role : name}.
   */
  public String displayName() {
    String shown = name != null ? name : module;
    return role != null ? role.name() + " : " + shown : shown;
  }

  /**
   * The names a notification reaches this handler by: its name, {@code role : name} for a role's
   * handler, and its {@code listen} topics.
   */
  public List<String> handlerNames() {
    List<String> names = new java.util.ArrayList<>();
    if (name != null) {
      names.add(name);
      if (role != null) {
        names.add(role.name() + " : " + name);
      }
    }
    names.addAll(listen);
    return names;
  }
}
