package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;

/**
 * A {@code meta:} task: an instruction to the engine, not a module on a host.
 *
 * @param action what the engine does ({@link Action})
 * @param task the meta as a task: its name, location, the conditions and tags it has and inherits
 *     from its blocks, and the variables its conditions see
 */
public record MetaTask(Action action, Task task) implements TaskNode {

  public enum Action {
    /** Runs the handlers notified so far, now, instead of at the end of the section. */
    FLUSH_HANDLERS,
    /** Does nothing (Ansible's placeholder). */
    NOOP,
    /**
     * Ends the play for every host of it: no further task, handler, rescue, always or batch runs;
     * the next play runs. Decided once, on the first host still running, as the linear strategy
     * decides it.
     */
    END_PLAY,
    /** Ends the play for each host its conditions hold on; the next play runs on it again. */
    END_HOST
  }

  /** A meta task with no conditions, tags or variables. */
  public MetaTask(String name, Action action, SourceLocation location) {
    this(action, Task.builder("meta", location).name(name).build());
  }

  @Override
  public String name() {
    return task.name();
  }

  @Override
  public SourceLocation location() {
    return task.location();
  }

  /** What the console shows: the name, else {@code meta}. */
  public String displayName() {
    return task.displayName();
  }
}
