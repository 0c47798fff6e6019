package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;

/** An entry of a task list: a task, a block, an {@code include_role} or a {@code meta:} task. */
public sealed interface TaskNode permits Task, Block, DynamicInclude, MetaTask {
  String name();

  SourceLocation location();
}
