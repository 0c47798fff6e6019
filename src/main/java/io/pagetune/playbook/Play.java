package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One play with its tasks; paths are resolved against the playbook's directory. */
public record Play(
    String name,
    String hosts,
    SourceLocation hostsLocation,
    Map<String, Object> vars,
    List<Path> varsFiles,
    boolean gatherFacts,
    Serial serial,
    Strategy strategy,
    Integer maxFailPercentage,
    boolean anyErrorsFatal,
    boolean forceHandlers,
    Keywords keywords,
    List<TaskNode> preTasks,
    List<TaskNode> tasks,
    List<TaskNode> postTasks,
    List<Task> handlers,
    Path baseDir,
    SourceLocation location,
    PublicRoleVars roleVars,
    List<String> gatherSubset) {

  public enum Strategy {
    /** {@code strategy: linear}: every task a barrier for all of the play's hosts. */
    LINEAR,
    /** {@code strategy: free}: each host on its own, results shown as they come. */
    FREE,
    /**
     * None named: the linear strategy's results and output, but each host runs the whole play at
     * its own pace when nothing in the play needs the hosts in step.
     */
    DEFAULT
  }

  public Play {
    roleVars = roleVars == null ? PublicRoleVars.NONE : roleVars;
    // Ansible's default: every collector
    gatherSubset = gatherSubset == null ? List.of("all") : List.copyOf(gatherSubset);
    vars = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(vars));
    varsFiles = List.copyOf(varsFiles);
    preTasks = List.copyOf(preTasks);
    tasks = List.copyOf(tasks);
    postTasks = List.copyOf(postTasks);
    handlers = List.copyOf(handlers);
  }

  public String displayName() {
    return name != null ? name : hosts;
  }

  /** The same play under {@code strategy} when it names none ({@code ansible.cfg}'s default). */
  public Play withDefaultStrategy(Strategy other) {
    if (strategy != Strategy.DEFAULT || other == Strategy.DEFAULT) {
      return this;
    }
    return toBuilder().strategy(other).build();
  }

  /** The same play with other task sections (its handlers, vars and keywords kept). */
  public Play withSections(
      List<TaskNode> preTasks, List<TaskNode> tasks, List<TaskNode> postTasks) {
    return toBuilder().preTasks(preTasks).tasks(tasks).postTasks(postTasks).build();
  }

  /** A builder holding every field of this play, so a caller changes only what it sets. */
  public Builder toBuilder() {
    return builder(hosts, baseDir, location)
        .name(name)
        .hostsLocation(hostsLocation)
        .vars(vars)
        .varsFiles(varsFiles)
        .gatherFacts(gatherFacts)
        .serial(serial)
        .strategy(strategy)
        .maxFailPercentage(maxFailPercentage)
        .anyErrorsFatal(anyErrorsFatal)
        .forceHandlers(forceHandlers)
        .keywords(keywords)
        .preTasks(preTasks)
        .tasks(tasks)
        .postTasks(postTasks)
        .handlers(handlers)
        .roleVars(roleVars)
        .gatherSubset(gatherSubset);
  }

  /**
   * A play on {@code hosts} defined at {@code location}, its paths resolved against {@code
   * baseDir}: facts gathered, linear, all hosts at once, no tasks, vars or roles until set.
   */
  public static Builder builder(String hosts, Path baseDir, SourceLocation location) {
    return new Builder(hosts, baseDir, location);
  }

  /** Builds a {@link Play} from the fields a caller sets, the rest at their defaults. */
  public static final class Builder {
    private final String hosts;
    private final Path baseDir;
    private final SourceLocation location;
    private String name = null;
    private SourceLocation hostsLocation;
    private Map<String, Object> vars = Map.of();
    private List<Path> varsFiles = List.of();
    private boolean gatherFacts = true;
    private Serial serial = Serial.ALL;
    private Strategy strategy = Strategy.DEFAULT;
    private Integer maxFailPercentage = null;
    private boolean anyErrorsFatal;
    private boolean forceHandlers;
    private Keywords keywords = Keywords.NONE;
    private List<TaskNode> preTasks = List.of();
    private List<TaskNode> tasks = List.of();
    private List<TaskNode> postTasks = List.of();
    private List<Task> handlers = List.of();
    private PublicRoleVars roleVars = PublicRoleVars.NONE;
    private List<String> gatherSubset = List.of("all");

    private Builder(String hosts, Path baseDir, SourceLocation location) {
      this.hosts = hosts;
      this.baseDir = baseDir;
      this.location = location;
      this.hostsLocation = location;
    }

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder hostsLocation(SourceLocation hostsLocation) {
      this.hostsLocation = hostsLocation;
      return this;
    }

    public Builder vars(Map<String, Object> vars) {
      this.vars = vars;
      return this;
    }

    public Builder varsFiles(List<Path> varsFiles) {
      this.varsFiles = varsFiles;
      return this;
    }

    public Builder gatherFacts(boolean gatherFacts) {
      this.gatherFacts = gatherFacts;
      return this;
    }

    public Builder serial(Serial serial) {
      this.serial = serial;
      return this;
    }

    public Builder strategy(Strategy strategy) {
      this.strategy = strategy;
      return this;
    }

    public Builder maxFailPercentage(Integer maxFailPercentage) {
      this.maxFailPercentage = maxFailPercentage;
      return this;
    }

    public Builder anyErrorsFatal(boolean anyErrorsFatal) {
      this.anyErrorsFatal = anyErrorsFatal;
      return this;
    }

    public Builder forceHandlers(boolean forceHandlers) {
      this.forceHandlers = forceHandlers;
      return this;
    }

    public Builder keywords(Keywords keywords) {
      this.keywords = keywords;
      return this;
    }

    public Builder preTasks(List<TaskNode> preTasks) {
      this.preTasks = preTasks;
      return this;
    }

    public Builder tasks(List<TaskNode> tasks) {
      this.tasks = tasks;
      return this;
    }

    public Builder postTasks(List<TaskNode> postTasks) {
      this.postTasks = postTasks;
      return this;
    }

    public Builder handlers(List<Task> handlers) {
      this.handlers = handlers;
      return this;
    }

    public Builder roleVars(PublicRoleVars roleVars) {
      this.roleVars = roleVars;
      return this;
    }

    public Builder gatherSubset(List<String> gatherSubset) {
      this.gatherSubset = gatherSubset;
      return this;
    }

    public Play build() {
      return new Play(
          name,
          hosts,
          hostsLocation,
          vars,
          varsFiles,
          gatherFacts,
          serial,
          strategy,
          maxFailPercentage,
          anyErrorsFatal,
          forceHandlers,
          keywords,
          preTasks,
          tasks,
          postTasks,
          handlers,
          baseDir,
          location,
          roleVars,
          gatherSubset);
    }
  }
}
