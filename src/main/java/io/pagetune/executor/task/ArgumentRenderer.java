package io.pagetune.executor.task;

import io.pagetune.connection.Become;
import io.pagetune.connection.BecomeMethod;
import io.pagetune.error.InputException;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.modules.ArgCoercion;
import io.pagetune.modules.Args;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.playbook.BecomeHow;
import io.pagetune.playbook.Task;
import io.pagetune.template.TemplateEngine;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a task and its variables into the module invocation: arguments rendered (except those the
 * module evaluates itself as expressions) and validated, {@code become}, {@code environment} and
 * the command timeout.
 */
final class ArgumentRenderer {
  private static final java.util.regex.Pattern VARIABLE_NAME =
      java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private final RunContext ctx;

  ArgumentRenderer(RunContext ctx) {
    this.ctx = ctx;
  }

  ModuleCall render(Module module, Task task, PlayContext play, Map<String, Object> vars) {
    String what = "task '" + task.displayName() + "'";
    Map<String, Object> rawArgs = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : task.args().entrySet()) {
      Object v = e.getValue();
      rawArgs.put(
          module.spec().openKeys() ? factName(e.getKey(), task, vars, what) : e.getKey(),
          module.spec().isExpression(e.getKey())
              ? v
              : ctx.templates().interpolate(v, vars, task.moduleLocation(), what));
    }
    Args args =
        module
            .spec()
            .validate(
                module.name(),
                ActionArguments.adjust(module.name(), Omit.strip(rawArgs)),
                task.moduleLocation(),
                true);
    module.validate(args);
    return new ModuleCall(
        module.name(),
        args,
        new HostTaskServices(
            ctx.templates(),
            vars,
            play.play().baseDir(),
            task.moduleLocation(),
            what,
            task.role(),
            new VarsFileReader(ctx.yaml(), ctx.templates().languages())),
        become(task, vars),
        environment(task, vars, what),
        timeout(task),
        task.displayName());
  }

  /**
   * A {@code set_fact} name is a template too, as in Ansible ({@code "last_${item.name}"}); what it
   * renders to must be a variable name.
   */
  private String factName(String key, Task task, Map<String, Object> vars, String what) {
    if (!TemplateEngine.isTemplated(key)) {
      return key;
    }
    String name =
        String.valueOf(ctx.templates().interpolate(key, vars, task.moduleLocation(), what));
    if (!VARIABLE_NAME.matcher(name).matches()) {
      throw new InputException(
          task.moduleLocation(),
          what + ": '" + key + "' gives '" + name + "', which is not a variable name");
    }
    return name;
  }

  private Duration timeout(Task task) {
    return task.timeout() != null
        ? Duration.ofSeconds(task.timeout())
        : ctx.options().commandTimeout();
  }

  private Map<String, String> environment(Task task, Map<String, Object> vars, String what) {
    Map<String, String> env = new LinkedHashMap<>();
    Object envValue =
        ctx.templates().interpolate(task.keywords().environment(), vars, task.location(), what);
    if (envValue instanceof Map<?, ?> m) {
      m.forEach((k, v) -> env.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
    }
    return env;
  }

  private Become become(Task task, Map<String, Object> vars) {
    boolean on =
        task.keywords().become() != null
            ? task.keywords().become()
            : ArgCoercion.toBool(
                vars.getOrDefault("ansible_become", false),
                () -> new InputException(task.location(), "ansible_become must be a boolean"));
    if (!on) {
      return Become.NONE;
    }
    BecomeMethod how = becomeMethod(task, vars);
    // a HostText user (set_fact from host data) is interpolated as the value it is, not as text
    Object user =
        task.keywords().becomeUser() != null
            ? task.keywords().becomeUser()
            : vars.getOrDefault("ansible_become_user", "root");
    return Become.as(
            String.valueOf(ctx.templates().interpolate(user, vars, task.location(), "become_user")))
        .through(how);
  }

  /**
   * {@code become_method}, {@code become_exe} and {@code become_flags}: each the play's or task's
   * keyword (checked when read), else the {@code ansible_become_*} variable (checked here, the
   * command line's and ansible.cfg's among them).
   */
  private BecomeMethod becomeMethod(Task task, Map<String, Object> vars) {
    BecomeHow own = task.keywords().becomeHow();
    String method = own.method() != null ? own.method() : variable(task, vars, "method");
    String exe = own.exe() != null ? own.exe() : variable(task, vars, "exe");
    String flags = own.flags() != null ? own.flags() : variable(task, vars, "flags");
    try {
      return BecomeMethod.of(method, exe, flags);
    } catch (IllegalArgumentException e) {
      throw new InputException(task.location(), e.getMessage());
    }
  }

  private String variable(Task task, Map<String, Object> vars, String what) {
    Object value = vars.get("ansible_become_" + what);
    if (value == null) {
      return null;
    }
    return String.valueOf(
        ctx.templates().interpolate(value, vars, task.location(), "ansible_become_" + what));
  }
}
