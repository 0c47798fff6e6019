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
    PublicRoleVars roleVars) {

  public enum Strategy {
    LINEAR,
    FREE
  }

  /** A play without roles. */
  public Play(
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
      SourceLocation location) {
    this(
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
        PublicRoleVars.NONE);
  }

  public Play {
    roleVars = roleVars == null ? PublicRoleVars.NONE : roleVars;
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
}
