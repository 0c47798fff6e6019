package io.pagetune.playbook;

import io.pagetune.yaml.SourceLocation;

/** An entry of a task list: a task or a block. */
public sealed interface TaskNode permits Task, Block {
  String name();

  SourceLocation location();
}
