package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;
import java.util.List;

/**
 * An {@code include_role} task: its {@code when} is evaluated once per host when the run reaches it
 * (a host where it is false counts one skip, as in Ansible); the hosts where it holds run the
 * role's tasks. The role itself is read when the playbook loads, so its errors come before any host
 * is contacted.
 *
 * @param gate the include as a task: its name, conditions, tags and variables
 * @param tasks the role's tasks (dependencies first), without the include's conditions
 */
public record RoleInclude(Task gate, String role, List<TaskNode> tasks) implements TaskNode {
  public RoleInclude {
    tasks = List.copyOf(tasks);
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
