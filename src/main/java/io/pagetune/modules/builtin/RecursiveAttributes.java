package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code file: recurse: true}: the mode, owner and group set on each entry of a tree that differs,
 * one argv command per entry and attribute, each declaring its effect, so the journal holds every
 * entry's previous attributes before it changes and rollback restores each one exactly. A tree with
 * more differing entries than {@link #MAX_ENTRIES} is refused (the journal and rollback would grow
 * without bound) unless the task sets {@value FileModule#ACCEPT_UNJOURNALED}: then one {@code chmod
 * -R}/{@code chown -R} runs and only the top path's change is journaled.
 */
final class RecursiveAttributes {
  /** The most entries one recursive task changes with a journal row each. */
  static final int MAX_ENTRIES = 1000;

  private RecursiveAttributes() {}

  static Plan plan(
      String path, FileMeta top, FileAttributes attrs, boolean acceptUnjournaled, HostState host) {
    AttributeDriftBelow.Drift drift = host.fact(new AttributeDriftBelow(path, attrs));
    if (drift.problem().isPresent()) {
      return Plan.failed("file: " + drift.problem().get());
    }
    if (drift.paths().size() > MAX_ENTRIES) {
      if (acceptUnjournaled) {
        return Plan.of(attrs.fixes(path, top, true), List.of());
      }
      return Plan.failed(
          "file: refusing to change "
              + drift.paths().size()
              + " entries below "
              + path
              + ": above the "
              + MAX_ENTRIES
              + " a recursive change journals one by one for rollback; set "
              + FileModule.ACCEPT_UNJOURNALED
              + ": true to change them with one command that rollback cannot undo below the top");
    }
    List<Step> steps = new ArrayList<>();
    for (String entry : drift.paths()) {
      Optional<FileMeta> meta = host.stat(entry);
      if (meta.isEmpty()) {
        return Plan.failed("file: " + entry + " vanished while " + path + " was being read");
      }
      if (meta.get().type() != FileMeta.Type.SYMLINK) {
        steps.addAll(attrs.fixes(entry, meta.get()));
      }
    }
    return steps.isEmpty()
        ? Plan.upToDate(path + " and everything below it have the desired attributes")
        : Plan.of(steps, List.of());
  }
}
