package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;
import java.util.List;

/**
 * An {@code include_role} or {@code include_tasks} task: its {@code when} is evaluated once per
 * host when the run reaches it (a host where it is false counts one skip, as in Ansible); the hosts
 * where it holds run the included tasks. An {@code include_tasks} may loop: its tasks then run once
 * per item, with the loop variables and its {@code vars} as include parameters. Its keywords are
 * its own, as in Ansible: its tasks inherit only the blocks' around it and its {@code apply}. What
 * it includes is read when the playbook loads, so its errors come before any host is contacted.
 *
 * @param gate the include as a task: its name, conditions, tags, variables and loop
 * @param kind whether a role or a task file is included
 * @param target the role's name, or the task file's label
 * @param tasks the included tasks (a role's dependencies first), without the include's own
 *     conditions; empty when the file's name is a template
 * @param choice for a task file whose name is a template, the files it may name; else null
 */
public record DynamicInclude(
    Task gate, Kind kind, String target, List<TaskNode> tasks, IncludeFileChoice choice)
    implements TaskNode {
  /** What an include reads; ansible-playbook reports and counts the two differently. */
  public enum Kind {
    /** {@code include_role}: the include itself is not counted, its tasks are. */
    ROLE,
    /** {@code include_tasks}: each host it holds for prints "included" and counts one ok. */
    TASKS
  }

  public DynamicInclude {
    tasks = List.copyOf(tasks);
  }

  /** An include of one role or task file, known when the playbook loads. */
  public DynamicInclude(Task gate, Kind kind, String target, List<TaskNode> tasks) {
    this(gate, kind, target, tasks, null);
  }

  /** Every task the include may run: its file's, or each file's its name may render to. */
  public List<TaskNode> allTasks() {
    if (choice == null) {
      return tasks;
    }
    List<TaskNode> all = new java.util.ArrayList<>(tasks);
    choice.files().values().forEach(all::addAll);
    return all;
  }

  @Override
  public String name() {
    return gate.displayName();
  }

  @Override
  public SourceLocation location() {
    return gate.location();
  }
}
