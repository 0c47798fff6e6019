package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;
import java.util.List;

/** {@code block}/{@code rescue}/{@code always}; keywords are already pushed down to the tasks. */
public record Block(
    String name,
    List<TaskNode> block,
    List<TaskNode> rescue,
    List<TaskNode> always,
    SourceLocation location)
    implements TaskNode {
  public Block {
    block = List.copyOf(block);
    rescue = List.copyOf(rescue);
    always = List.copyOf(always);
  }
}
