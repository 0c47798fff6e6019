package io.pagetune.playbook;

import io.pagetune.error.SourceLocation;

/**
 * A {@code meta:} task: an instruction to the engine, not a module on a host.
 *
 * @param action what the engine does ({@link Action})
 */
public record MetaTask(String name, Action action, SourceLocation location) implements TaskNode {

  public enum Action {
    /** Runs the handlers notified so far, now, instead of at the end of the section. */
    FLUSH_HANDLERS,
    /** Does nothing (Ansible's placeholder). */
    NOOP
  }
}
