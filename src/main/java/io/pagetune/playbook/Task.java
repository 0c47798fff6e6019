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

  /** The same task with other module arguments. */
  public Task withArgs(Map<String, Object> newArgs) {
    return new Task(
        name,
        module,
        newArgs,
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
        role,
        hosts);
  }

  /**
   * A task running {@code module} from {@code location}: no name, arguments, keywords, loop,
   * conditions or role until set; its module named at {@code location} too unless set.
   */
  public static Builder builder(String module, SourceLocation location) {
    return new Builder(module, location);
  }

  /** Builds a {@link Task} from the fields a caller sets, the rest at their defaults. */
  public static final class Builder {
    private final String module;
    private final SourceLocation location;
    private String name = null;
    private Map<String, Object> args = Map.of();
    private SourceLocation moduleLocation;
    private Keywords keywords = Keywords.NONE;
    private Map<String, Object> blockVars = Map.of();
    private Object loop = null;
    private String loopVar = "item";
    private String register = null;
    private List<String> notifies = List.of();
    private List<String> listen = List.of();
    private List<String> changedWhen = List.of();
    private List<String> failedWhen = List.of();
    private Integer timeout = null;
    private LoopControl loopControl = LoopControl.NONE;
    private Retry retry = null;
    private RoleScope role = null;
    private TaskHosts hosts = TaskHosts.SELF;

    private Builder(String module, SourceLocation location) {
      this.module = module;
      this.location = location;
      this.moduleLocation = location;
    }

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder args(Map<String, Object> args) {
      this.args = args;
      return this;
    }

    public Builder moduleLocation(SourceLocation moduleLocation) {
      this.moduleLocation = moduleLocation;
      return this;
    }

    public Builder keywords(Keywords keywords) {
      this.keywords = keywords;
      return this;
    }

    public Builder blockVars(Map<String, Object> blockVars) {
      this.blockVars = blockVars;
      return this;
    }

    public Builder loop(Object loop) {
      this.loop = loop;
      return this;
    }

    public Builder loopVar(String loopVar) {
      this.loopVar = loopVar;
      return this;
    }

    public Builder register(String register) {
      this.register = register;
      return this;
    }

    public Builder notifies(List<String> notifies) {
      this.notifies = notifies;
      return this;
    }

    public Builder listen(List<String> listen) {
      this.listen = listen;
      return this;
    }

    public Builder changedWhen(List<String> changedWhen) {
      this.changedWhen = changedWhen;
      return this;
    }

    public Builder failedWhen(List<String> failedWhen) {
      this.failedWhen = failedWhen;
      return this;
    }

    public Builder timeout(Integer timeout) {
      this.timeout = timeout;
      return this;
    }

    public Builder loopControl(LoopControl loopControl) {
      this.loopControl = loopControl;
      return this;
    }

    public Builder retry(Retry retry) {
      this.retry = retry;
      return this;
    }

    public Builder role(RoleScope role) {
      this.role = role;
      return this;
    }

    public Builder hosts(TaskHosts hosts) {
      this.hosts = hosts;
      return this;
    }

    public Task build() {
      return new Task(
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
          role,
          hosts);
    }
  }
}
